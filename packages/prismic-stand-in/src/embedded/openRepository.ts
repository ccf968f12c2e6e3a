/**
 * The embedded repository as the server's Prismic client reads it (server/content/contentClient.ts):
 * the documents under CONTENT_DIR and its releases, with their images' URLs made absolute, and a
 * `fetch` that answers the client's calls from whichever version is current. `publish` replaces
 * the documents (a new master ref), as a publish in Prismic does.
 */
import type { PrismicDocument } from "@prismicio/client";
import { EMBEDDED_MEDIA_ORIGIN } from "../../../../shared/mediaOrigin";
import { createEmbeddedFetch, EMBEDDED_ENDPOINT } from "./embeddedFetch";
import { createEmbeddedRepository, type EmbeddedRelease, type EmbeddedRepository } from "./embeddedRepository";
import { loadDocuments, loadReleases } from "./loadDocuments";
import { absolutizeMediaUrls } from "./mediaUrls";

export interface OpenedRepository {
  /** The API endpoint to give the Prismic client: a `.invalid` host, so no real request can leave. */
  endpoint: string;
  /** Answers the client's HTTP calls from the current documents, in memory. */
  fetch: typeof fetch;
  current(): EmbeddedRepository;
  /**
   * Replaces the documents (a new master ref), and the releases' drafts when `releases` is given
   * (the dev loop's reload of CONTENT_DIR/_releases/, server/dev/embeddedContentWatcher.ts).
   */
  publish(documents: PrismicDocument[], releases?: EmbeddedRelease[]): EmbeddedRepository;
}

export interface OpenOptions {
  /**
   * Whether the releases under CONTENT_DIR/_releases/ are read (default true). A site that serves
   * no preview of them (EMBEDDED_PREVIEWS off) keeps no draft in memory: no ref reads one.
   */
  releases?: boolean;
}

/** Reads CONTENT_DIR (throws a ContentFileError naming the file that does not load). */
export function openEmbeddedRepository(contentDir: string, options: OpenOptions = {}): OpenedRepository {
  const withReleases = options.releases !== false;
  // Content names embedded images `/media/<file>`; the image helpers need them absolute (pages
  // address them root-relative again: shared/mediaOrigin.ts).
  const absolute = (documents: readonly PrismicDocument[]) =>
    documents.map((document) => absolutizeMediaUrls(document, EMBEDDED_MEDIA_ORIGIN));
  // Releases (CONTENT_DIR/_releases/<name>/) are previewed under refs of their own.
  const withAbsoluteUrls = (loaded: readonly EmbeddedRelease[]) =>
    loaded.map((release) => ({ ...release, documents: absolute(release.documents) }));
  let releases = withReleases ? withAbsoluteUrls(loadReleases(contentDir)) : [];
  const prepare = (documents: PrismicDocument[]) => createEmbeddedRepository(absolute(documents), { releases });
  let repository = prepare(loadDocuments(contentDir));
  return {
    endpoint: EMBEDDED_ENDPOINT,
    fetch: createEmbeddedFetch(() => repository),
    current: () => repository,
    publish: (documents, newReleases) => {
      const previous = releases;
      if (newReleases && withReleases) releases = withAbsoluteUrls(newReleases);
      try {
        repository = prepare(documents);
        return repository;
      } catch (error) {
        // A release that cannot be overlaid (a name, a uid taken twice): nothing changes.
        releases = previous;
        throw error;
      }
    },
  };
}
