/**
 * The one Prismic client of the process. Hosted and embedded content differ only in the
 * endpoint and the `fetch` the client is given (DESIGN.md: one code path). The client is
 * shared across requests so its 5 s repository cache is shared too.
 */
import * as prismic from "@prismicio/client";
import type { Config } from "../config";
import { loadDocuments } from "./embedded/loadDocuments";
import { absolutizeMediaUrls } from "./embedded/mediaUrls";
import { createEmbeddedRepository, type EmbeddedRepository } from "./embedded/embeddedRepository";
import { createEmbeddedFetch, EMBEDDED_ENDPOINT } from "./embedded/embeddedFetch";

export const EMBEDDED_REPOSITORY_NAME = "embedded";

export interface ContentClient {
  client: prismic.Client;
  mode: "hosted" | "embedded";
  /** Present in embedded mode: the documents the client reads. */
  embedded?: EmbeddedRepository;
}

export function createContentClient(
  config: Pick<Config, "PRISMIC_REPOSITORY" | "PRISMIC_ACCESS_TOKEN" | "CONTENT_DIR" | "SITE_URL">,
): ContentClient {
  if (config.PRISMIC_REPOSITORY) {
    const client = prismic.createClient(config.PRISMIC_REPOSITORY, {
      accessToken: config.PRISMIC_ACCESS_TOKEN,
      fetch: globalThis.fetch,
    });
    return { client, mode: "hosted" };
  }
  // Content names embedded images `/media/<file>`; the image helpers need them absolute.
  const documents = loadDocuments(config.CONTENT_DIR).map((document) => absolutizeMediaUrls(document, config.SITE_URL));
  const embedded = createEmbeddedRepository(documents);
  // A repository name (not the bare endpoint) keeps every client feature, previews included.
  const client = prismic.createClient(EMBEDDED_REPOSITORY_NAME, {
    documentAPIEndpoint: EMBEDDED_ENDPOINT,
    fetch: createEmbeddedFetch(embedded),
  });
  return { client, mode: "embedded", embedded };
}
