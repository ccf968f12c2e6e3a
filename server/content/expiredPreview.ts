/**
 * A preview that Prismic refuses falls back to published content, never to an error page.
 *
 * @prismicio/client retries a query at the master ref (with its warning, "The ref (…) was
 * invalid… If you were previewing content, the response will not include draft content") only
 * for a 404 `api_notfound_error` or a 410 whose message names the master ref. Hosted Prismic
 * refuses a preview token in other ways too (docs/decisions/009 gives the sources):
 *
 * - 404 `api_security_error` "This preview token has expired" → PreviewTokenExpiredError;
 * - 400 `{"error":"Preview token expired"}` → ParsingError (the client reads only 400 as parsing);
 * - 404 `api_notfound_error` "<token> not found", without the master ref → RefNotFoundError, no retry;
 * - 401 `{"error":"Invalid access token"}` / 403 `{"error":"Access to this Ref requires an access
 *   token"}` when the access token may not read releases (a private API needs a "master+releases"
 *   token to preview them) → ForbiddenError / PrismicError;
 * - 410 without the master ref → RefExpiredError, no retry.
 *
 * Each would fail every page of an editor whose cookie outlived its preview. So this transport
 * rewrites each of them, for a query at a ref that is not the master ref, into the unknown-ref
 * answer naming the master ref; the client's own retry and warning take over, and the token is
 * remembered as refused (PreviewRefusals) so the site stops sending it and clears the cookie.
 * Answers at the master ref pass unchanged: a wrong access token is a configuration error that
 * must show, not be papered over.
 */

const EXPIRED_PREVIEW = /preview token.*expired/i;
const NAMES_MASTER = /master ref is: /i;
const SEARCH_PATH = /\/documents\/search\/?$/;

interface PrismicErrorBody {
  type?: unknown;
  message?: unknown;
  error?: unknown;
}

/** Preview tokens Prismic has refused, most recent kept (a bounded set: tokens are per editor session). */
export class PreviewRefusals {
  readonly #tokens = new Set<string>();
  constructor(private readonly limit = 1_000) {}

  add(token: string): void {
    this.#tokens.delete(token);
    this.#tokens.add(token);
    if (this.#tokens.size > this.limit) this.#tokens.delete(this.#tokens.values().next().value!);
  }

  has(token: string): boolean {
    return this.#tokens.has(token);
  }
}

/** Why Prismic refused the ref, or null when the answer is not a refusal of the ref. */
function refusal(status: number, body: PrismicErrorBody): string | null {
  const message = typeof body.message === "string" ? body.message : typeof body.error === "string" ? body.error : "";
  switch (status) {
    case 400:
      // A malformed query is a parsing-error with a `type`; a refused token has only `error`.
      return body.type === undefined && typeof body.error === "string" ? message : null;
    case 401:
    case 403:
      return message || `refused (${status})`;
    case 404:
      if (body.type === "api_security_error") return EXPIRED_PREVIEW.test(message) ? message : null;
      return body.type === "api_notfound_error" && !NAMES_MASTER.test(message) ? message : null;
    case 410:
      return NAMES_MASTER.test(message) ? null : message || "ref expired";
    default:
      return null;
  }
}

export function refusedPreviewAsUnknownRef(
  inner: typeof fetch,
  /** The current master ref; undefined when it cannot be read (the answer then passes as it is). */
  masterRef: () => Promise<string | undefined>,
  refusals?: PreviewRefusals,
): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (response.ok || ![400, 401, 403, 404, 410].includes(response.status)) return response;
    const url = new URL(input instanceof Request ? input.url : String(input));
    const ref = url.searchParams.get("ref");
    if (!ref || !SEARCH_PATH.test(url.pathname)) return response;
    let body: PrismicErrorBody;
    try {
      body = ((await response.clone().json()) ?? {}) as PrismicErrorBody;
    } catch {
      return response;
    }
    const master = await masterRef();
    if (!master || ref === master) return response;
    // The client retries these itself; the token is refused all the same.
    if ((response.status === 404 && body.type === "api_notfound_error") || response.status === 410) {
      if (NAMES_MASTER.test(String(body.message ?? ""))) {
        refusals?.add(ref);
        return response;
      }
    }
    const reason = refusal(response.status, body);
    if (reason === null) return response;
    refusals?.add(ref);
    return new Response(
      JSON.stringify({
        type: "api_notfound_error",
        message: `${reason.replace(/\s+$/, "")} (${response.status}). Master ref is: ${master}`,
      }),
      { status: 404, statusText: "Not Found", headers: { "content-type": "application/json" } },
    );
  };
}
