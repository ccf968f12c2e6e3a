/**
 * @jest-environment jsdom
 */
/**
 * When the wake's work may start (client/afterPress.ts), on a fake clock in a DOM of its own: a
 * press waits for its click, cancel or key-up and then for the next frame to be painted; a long
 * press no longer than LONGEST_PRESS_MS; anything else only for the next frame. The browser test
 * (test/browser/fieldVitals.test.ts) holds the same order in Chromium from Event Timing entries.
 */
import { afterNextPaint, afterPress, LONGEST_PRESS_MS } from "../client/afterPress";

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Whether `promise` has settled once the microtasks now queued have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await jest.advanceTimersByTimeAsync(0);
  return done;
}

/** Runs the animation frame jsdom's fake timers hold (about 16 ms) and the task queued from it. */
const paintAFrame = () => jest.advanceTimersByTimeAsync(17);

const press = (type: string) => new Event(type);
const fire = (type: string) => window.dispatchEvent(new Event(type));

test.each([
  ["pointerdown", "click"],
  ["pointerdown", "pointercancel"],
  ["touchstart", "click"],
  ["touchstart", "touchcancel"],
  ["keydown", "keyup"],
])("a %s waits for its %s, then for the frame that shows it", async (down, end) => {
  const handled = afterPress(press(down));
  await jest.advanceTimersByTimeAsync(LONGEST_PRESS_MS - 50);
  expect(await settled(handled)).toBe(false);
  fire(end);
  expect(await settled(handled)).toBe(false);
  await paintAFrame();
  expect(await settled(handled)).toBe(true);
});

test("a press held longer than LONGEST_PRESS_MS no longer holds the wake back", async () => {
  const handled = afterPress(press("pointerdown"));
  await jest.advanceTimersByTimeAsync(LONGEST_PRESS_MS - 1);
  expect(await settled(handled)).toBe(false);
  await jest.advanceTimersByTimeAsync(1);
  await paintAFrame();
  expect(await settled(handled)).toBe(true);
});

test("a click that came before the press is not its end", async () => {
  fire("click");
  const handled = afterPress(press("pointerdown"));
  await paintAFrame();
  expect(await settled(handled)).toBe(false);
  fire("click");
  await paintAFrame();
  expect(await settled(handled)).toBe(true);
});

test.each(["focusin", "scroll", "wheel", "pointermove"])(
  "a %s has nothing after it to wait for: only the next frame",
  async (type) => {
    const handled = afterPress(press(type));
    expect(await settled(handled)).toBe(false);
    await paintAFrame();
    expect(await settled(handled)).toBe(true);
  },
);

test("woken without an interaction (a preview, a link to a place in the page): only the next frame", async () => {
  const handled = afterPress(undefined);
  await paintAFrame();
  expect(await settled(handled)).toBe(true);
});

test("a hidden page paints no frame: a short timer stands in for it", async () => {
  const raf = jest.spyOn(window, "requestAnimationFrame").mockImplementation(() => 0);
  const painted = afterNextPaint();
  await jest.advanceTimersByTimeAsync(99);
  expect(await settled(painted)).toBe(false);
  await jest.advanceTimersByTimeAsync(1);
  expect(await settled(painted)).toBe(true);
  raf.mockRestore();
});
