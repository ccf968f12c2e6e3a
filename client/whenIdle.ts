/** Runs `task` once the page has loaded and the browser is idle (Safari, without requestIdleCallback: shortly after load). */
export function whenLoadedAndIdle(task: () => void): void {
  const idle = () =>
    "requestIdleCallback" in window ? requestIdleCallback(task, { timeout: 3000 }) : setTimeout(task, 200);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}
