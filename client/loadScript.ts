/**
 * Adds a third-party script once per URL. 'strict-dynamic' admits it because our nonce'd code
 * adds it; it also gets the page's nonce for browsers without 'strict-dynamic'.
 */
import { pageNonce } from "./modulePreload";

const scripts = new Map<string, Promise<void>>();

export function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (loading) return loading;
  loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    const nonce = pageNonce();
    if (nonce) script.nonce = nonce;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(script);
  });
  scripts.set(src, loading);
  return loading;
}

/** Loads `src`, logging a failure (a missing widget never breaks the page). */
export const loadScriptOrWarn = (src: string): void =>
  void loadScript(src).catch((error: unknown) => console.warn("tags:", (error as Error).message));
