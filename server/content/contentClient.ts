/**
 * The one Prismic client of the process. Hosted and embedded content differ only in the
 * endpoint and the `fetch` the client is given (docs/architecture.md: one code path). The client is
 * shared across requests so its repository cache is shared too; every request is bounded
 * by a timeout and the rate-limit rules of `resilientFetch`.
 */
import * as prismic from "@prismicio/client";
import type { Config } from "../config";
import { ContentUnavailableError } from "./contentErrors";
import { PreviewRefusals, refusedPreviewAsUnknownRef } from "./expiredPreview";
import type { EmbeddedRepository } from "../../packages/prismic-stand-in/src/index";
import type { PrismicStandIn } from "./prismicStandIn";
import { createRefTracker, type RefTracker } from "./refTracker";
import { resilientFetch } from "./resilientFetch";
import { contentRef, traceFetch } from "../observability/tracing";

export const EMBEDDED_REPOSITORY_NAME = "embedded";

export interface ContentClient {
  client: prismic.Client;
  mode: "hosted" | "embedded";
  /** The master ref, re-read every 5 s or at once after a publish webhook. */
  refs: RefTracker;
  /** Preview tokens Prismic refused (expired, unknown, not allowed): pages fall back to published content. */
  previewRefusals: PreviewRefusals;
  /** Embedded mode: the documents the client reads, and a way to publish new ones (a new master ref). */
  embedded?: { current(): EmbeddedRepository; publish(documents: prismic.PrismicDocument[]): EmbeddedRepository };
}

export interface ContentClientOptions {
  /** Wraps the transport under the client (tests use it to make the content service slow, down or rate-limited). */
  wrapFetch?: (inner: typeof fetch) => typeof fetch;
  /** Without PRISMIC_REPOSITORY: the stand-in whose embedded repository the client reads (./prismicStandIn.ts). */
  standIn?: PrismicStandIn;
}

type ContentConfig = Pick<
  Config,
  | "PRISMIC_REPOSITORY"
  | "PRISMIC_ACCESS_TOKEN"
  | "PRISMIC_API_ENDPOINT"
  | "CONTENT_DIR"
  | "SITE_URL"
  | "CONTENT_TIMEOUT_MS"
  | "CONTENT_REF_TTL_MS"
  | "EMBEDDED_PREVIEWS"
>;

/** Reads the master ref straight from the repository endpoint, past the client's own 5 s cache. */
async function readMasterRef(fetchFn: typeof fetch, endpoint: string, accessToken?: string): Promise<string> {
  const url = new URL(endpoint);
  if (accessToken) url.searchParams.set("access_token", accessToken);
  const response = await fetchFn(url.toString());
  if (!response.ok) throw new ContentUnavailableError(`The repository answered ${response.status}`);
  const repository = (await response.json()) as prismic.Repository;
  const master = repository.refs.find((ref) => ref.isMasterRef);
  if (!master) throw new ContentUnavailableError("The repository has no master ref");
  return master.ref;
}

export function createContentClient(config: ContentConfig, options: ContentClientOptions = {}): ContentClient {
  const wrap = options.wrapFetch ?? ((inner) => inner);
  // A refused preview token (expired, unknown, wrong scope) falls back to the master ref (docs/behaviour.md section 3.5).
  let tracker: RefTracker | undefined;
  const masterRef = () => tracker?.current().catch(() => undefined) ?? Promise.resolve(undefined);
  const previewRefusals = new PreviewRefusals();
  const guarded = (inner: typeof fetch) =>
    traceFetch(
      "prismic",
      resilientFetch(refusedPreviewAsUnknownRef(wrap(inner), masterRef, previewRefusals), {
        timeoutMs: config.CONTENT_TIMEOUT_MS,
      }),
      contentRef,
    );

  if (config.PRISMIC_REPOSITORY) {
    const fetchFn = guarded(globalThis.fetch.bind(globalThis));
    const client = prismic.createClient(config.PRISMIC_REPOSITORY, {
      accessToken: config.PRISMIC_ACCESS_TOKEN,
      fetch: fetchFn,
      // Prismic's own endpoint unless PRISMIC_API_ENDPOINT names another (a proxy, or a stand-in in tests).
      ...(config.PRISMIC_API_ENDPOINT ? { documentAPIEndpoint: config.PRISMIC_API_ENDPOINT } : {}),
    });
    const refs = createRefTracker(
      () => readMasterRef(fetchFn, client.documentAPIEndpoint, config.PRISMIC_ACCESS_TOKEN),
      config.CONTENT_REF_TTL_MS,
    );
    tracker = refs;
    return { client, mode: "hosted", refs, previewRefusals };
  }

  if (!options.standIn) throw new Error("Without PRISMIC_REPOSITORY the content client needs the Prismic stand-in");
  // The documents under CONTENT_DIR, answered by a `fetch` under the same client (decision record 002).
  // Release drafts only where they are previewed (EMBEDDED_PREVIEWS, docs/prismic.md "Previews").
  const repository = options.standIn.openEmbeddedRepository(config.CONTENT_DIR, {
    releases: config.EMBEDDED_PREVIEWS === "on",
  });
  const fetchFn = guarded(repository.fetch);
  // A repository name (not the bare endpoint) keeps every client feature, previews included.
  const client = prismic.createClient(EMBEDDED_REPOSITORY_NAME, {
    documentAPIEndpoint: repository.endpoint,
    fetch: fetchFn,
  });
  const refs = createRefTracker(() => readMasterRef(fetchFn, repository.endpoint), config.CONTENT_REF_TTL_MS);
  tracker = refs;
  return {
    client,
    mode: "embedded",
    refs,
    previewRefusals,
    embedded: { current: repository.current, publish: repository.publish },
  };
}
