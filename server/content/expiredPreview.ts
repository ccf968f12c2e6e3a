/**
 * Hosted Prismic answers a query at an expired preview token with 404 `api_security_error`
 * ("… preview token … expired"), which @prismicio/client throws as PreviewTokenExpiredError
 * without retrying: every page of an editor whose preview session ended would fail. Spec §4
 * wants what an invalid ref gets: a retry at the master ref, without draft content, and a
 * warning. So this transport rewrites that answer into the unknown-ref answer, naming the
 * master ref, and the client's own fallback takes over.
 */

const EXPIRED_PREVIEW = /preview token.*expired/i;

interface PrismicErrorBody {
  type?: unknown;
  message?: unknown;
}

export function expiredPreviewAsUnknownRef(
  inner: typeof fetch,
  /** The current master ref; undefined when it cannot be read (the answer then passes as it is). */
  masterRef: () => Promise<string | undefined>,
): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (response.status !== 404) return response;
    let body: PrismicErrorBody;
    try {
      body = (await response.clone().json()) as PrismicErrorBody;
    } catch {
      return response;
    }
    if (body?.type !== "api_security_error" || typeof body.message !== "string" || !EXPIRED_PREVIEW.test(body.message)) {
      return response;
    }
    const master = await masterRef();
    if (!master) return response;
    return new Response(
      JSON.stringify({ type: "api_notfound_error", message: `${body.message.replace(/\s+$/, "")} Master ref is: ${master}` }),
      { status: 404, statusText: response.statusText, headers: { "content-type": "application/json" } },
    );
  };
}
