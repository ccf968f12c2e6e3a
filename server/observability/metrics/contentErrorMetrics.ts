/**
 * Counts the content service's failures where the app sees them: every call of the service and
 * of the services it hands out per ref is watched for a rejection. Answers such as "not found"
 * are not failures (they resolve to null).
 */
import type { Counter } from "prom-client";
import { isContentUnavailable } from "../../content/contentErrors";
import type { ContentService } from "../../content/contentService";
import { watchContentService } from "../../content/watchContentService";

export function countContentErrors(service: ContentService, errors: Counter<"operation" | "kind">): ContentService {
  return watchContentService(service, (operation, _args, call) => {
    const result = call();
    if (result instanceof Promise) {
      result.catch((error: unknown) =>
        errors.inc({ operation, kind: isContentUnavailable(error) ? "unavailable" : "other" }),
      );
    }
    return result;
  });
}
