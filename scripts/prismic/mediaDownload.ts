/**
 * One media file of a pulled repository, downloaded within bounds: only from the repository's
 * media hosts (Prismic's image CDN `images.prismic.io` and the repository's own
 * `<repository>.cdn.prismic.io`, over https; others only when named, as tests name their
 * stand-in), at most `maxBytes` (checked against Content-Length before reading, and on the bytes
 * as they stream), within `timeoutMs` for the whole answer. Redirects are followed only to
 * media hosts. A refusal says why; the caller keeps the file's remote URL.
 */

export interface MediaLimits {
  /** Hosts (`host[:port]`) files may come from. */
  hosts: ReadonlySet<string>;
  /** Hosts named explicitly (PRISMIC_MEDIA_HOSTS): http is allowed there, for local stand-ins. */
  plainHttpHosts: ReadonlySet<string>;
  maxBytes: number;
  timeoutMs: number;
}

export type MediaDownload = { ok: true; body: Buffer } | { ok: false; reason: string };

const MAX_REDIRECTS = 3;

/** Prismic's media hosts for `repository`, with the `extra` ones named by the operator. */
export function mediaHosts(
  repository: string,
  extra: readonly string[],
): Pick<MediaLimits, "hosts" | "plainHttpHosts"> {
  const named = extra.map((host) => host.trim().toLowerCase()).filter(Boolean);
  return {
    hosts: new Set(["images.prismic.io", `${repository}.cdn.prismic.io`, ...named]),
    plainHttpHosts: new Set(named),
  };
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

function allowed(url: URL, limits: MediaLimits): boolean {
  const host = url.host.toLowerCase();
  if (!limits.hosts.has(host)) return false;
  return url.protocol === "https:" || (url.protocol === "http:" && limits.plainHttpHosts.has(host));
}

export async function downloadMedia(
  source: string,
  limits: MediaLimits,
  fetchImpl: typeof fetch = fetch,
): Promise<MediaDownload> {
  const refusedHost = () => ({
    ok: false as const,
    reason: `not on the repository's media hosts (${[...limits.hosts].join(", ")})`,
  });
  const tooLarge = { ok: false as const, reason: `larger than ${megabytes(limits.maxBytes)}` };
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = new URL(source);
  try {
    for (let hop = 0; ; hop++) {
      if (!allowed(url, limits)) return refusedHost();
      const response = await fetchImpl(url, { redirect: "manual", signal });
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        if (hop >= MAX_REDIRECTS) return { ok: false, reason: `more than ${MAX_REDIRECTS} redirects` };
        url = new URL(location, url);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        return { ok: false, reason: `answered ${response.status}` };
      }
      const announced = Number(response.headers.get("content-length") ?? NaN);
      if (announced > limits.maxBytes) {
        await response.body?.cancel();
        return tooLarge;
      }
      const chunks: Buffer[] = [];
      let bytes = 0;
      for await (const chunk of response.body ?? []) {
        bytes += chunk.length;
        // Leaving the loop cancels the stream: the connection is dropped, not read to its end.
        if (bytes > limits.maxBytes) return tooLarge;
        chunks.push(Buffer.from(chunk));
      }
      return { ok: true, body: Buffer.concat(chunks) };
    }
  } catch (error) {
    if (signal.aborted) return { ok: false, reason: `no complete answer within ${limits.timeoutMs} ms` };
    const cause = (error as { cause?: { code?: string } }).cause;
    return { ok: false, reason: `could not be fetched (${cause?.code ?? (error as Error).message})` };
  }
}
