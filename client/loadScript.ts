/**
 * Adds a third-party script once per URL. 'strict-dynamic' admits it because our nonce'd code
 * adds it; it also gets the page's nonce for browsers without 'strict-dynamic'.
 */
import { pageNonce } from "./modulePreload";

const scripts = new Map<string, Promise<void>>();

function appendScript(src: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    const nonce = pageNonce();
    if (nonce) script.nonce = nonce;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(script);
  });
}

export function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (loading !== undefined) return loading;
  loading = appendScript(src);
  scripts.set(src, loading);
  return loading;
}

/** Runs a widget's script once more (it fills the slots it finds when it runs), logging a failure. */
export const runScriptAgain = (src: string): void =>
  void appendScript(src).catch((error: unknown) => console.warn("tags:", (error as Error).message));

/** Loads `src`, logging a failure (a missing widget never breaks the page). */
export const loadScriptOrWarn = (src: string): void =>
  void loadScript(src).catch((error: unknown) => console.warn("tags:", (error as Error).message));
