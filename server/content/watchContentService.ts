/**
 * Wraps every method of a content service, and of the services it hands out per ref
 * (`withRef`, `atMasterRef`: what the routes use), so something can watch the calls: the metrics count their
 * failures (server/observability/metrics/contentErrorMetrics.ts), tests record them (test/support/testApp.ts).
 */
import type { ContentService } from "./contentService";

/** Runs one call: `call()` makes it and returns its result, which `around` returns (or replaces). */
export type AroundCall = (operation: string, args: unknown[], call: () => unknown) => unknown;

/** With `pinned`, `withRef` returns the same wrapped service (for hand-made services that ignore refs). */
export function watchContentService(
  service: ContentService,
  around: AroundCall,
  { pinned = false } = {},
): ContentService {
  const watch = (inner: ContentService): ContentService => {
    const proxy: ContentService = new Proxy(inner, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        if (property === "withRef" || property === "atMasterRef") {
          return (ref: string) => (pinned ? proxy : watch((value as ContentService["withRef"]).call(target, ref)));
        }
        return (...args: unknown[]) =>
          around(String(property), args, () => (value as (...a: unknown[]) => unknown).apply(target, args));
      },
    });
    return proxy;
  };
  return watch(service);
}
