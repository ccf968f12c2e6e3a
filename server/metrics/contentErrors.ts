/**
 * Counts the content service's failures where the app sees them: every method of the service,
 * and of the services it hands out per ref (`withRef`, what the routes use), is watched for a
 * rejection. Answers such as "not found" are not failures (they resolve to null).
 */
import type { Counter } from "prom-client";
import { isContentUnavailable } from "../content/contentErrors";
import type { ContentService } from "../content/contentService";

export function countContentErrors(service: ContentService, errors: Counter<"operation" | "kind">): ContentService {
  const watch = (inner: ContentService): ContentService =>
    new Proxy(inner, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        if (property === "withRef") return (ref: string) => watch((value as ContentService["withRef"]).call(target, ref));
        return (...args: unknown[]) => {
          const result = (value as (...a: unknown[]) => unknown).apply(target, args);
          if (result instanceof Promise) {
            result.catch((error: unknown) =>
              errors.inc({ operation: String(property), kind: isContentUnavailable(error) ? "unavailable" : "other" }),
            );
          }
          return result;
        };
      },
    });
  return watch(service);
}
