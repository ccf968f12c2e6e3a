/**
 * Every answer hosted Prismic gives that the embedded repository would never give on its own,
 * switchable by tests (docs/decisions/009-a-stand-in-as-strict-as-prismic.md lists where each
 * comes from). `answeringEmbeddedFetch(repo, answers)` consults the switch before answering, so
 * both the in-process repository and the HTTP stand-in (test/support/prismicHttpStandIn.ts) can
 * be made to refuse a preview token the way Prismic does, rate-limit, fail or be slow. Tests only
 * (through ../testing.ts): the server never loads this file.
 */
import { createEmbeddedFetch } from "./embeddedFetch";
import type { EmbeddedRepository } from "./embeddedRepository";

export type PrismicAnswerKind =
  /** 404 `api_security_error` "This preview token has expired" (@prismicio/client's PreviewTokenExpiredError). */
  | "preview-token-expired"
  /** 400 `{"error":"Preview token expired"}`: the client throws it as a ParsingError with no message. */
  | "preview-token-expired-400"
  /** 404 `api_notfound_error` "<token> not found", without the master ref: the client cannot retry. */
  | "preview-token-not-found"
  /** 401 `{"error":"Invalid access token"}`: a token without the right scope, or none on a private API. */
  | "invalid-access-token"
  /** 403 `{"error":"Access to this Ref requires an access token"}`: a release previewed without a "master+releases" token. */
  | "ref-needs-access-token"
  /** 410 `api_validation_error` naming the master ref (@prismicio/client's RefExpiredError). */
  | "ref-expired"
  /** 429, with `Retry-After` when `retryAfter` is given. */
  | "rate-limited"
  /** A 5xx (default 500) with Prismic's HTML error page. */
  | "server-error"
  /** The normal answer, after `delayMs` (an aborted signal still rejects at once). */
  | "slow";

export interface PrismicAnswerRule {
  kind: PrismicAnswerKind;
  /** Which requests: the search endpoint (default), the repository endpoint, or both. */
  on?: "search" | "repository" | "any";
  /** Only search requests at this ref or preview token (the `ref` parameter as sent). */
  ref?: string;
  /** `Retry-After` of the answer (a 429, or a 503 during an incident), as sent: seconds or an HTTP date; absent: no header. */
  retryAfter?: string;
  /** Status of a server error (500–599). */
  status?: number;
  /** Delay of a slow answer (ms). */
  delayMs?: number;
  /** How many matching requests get this answer; default: every one until cleared. */
  times?: number;
}

/** What an answer may name: the current master ref, and the repository's host for the OAuth links. */
export interface AnswerContext {
  masterRef: string;
  origin: string;
}

/** A switch a test sets; the embedded fetch asks it about every request. */
export class PrismicAnswers {
  #rules: Array<PrismicAnswerRule & { left: number }> = [];
  /** How many requests each kind has answered (tests check the switch was really hit). */
  readonly served = new Map<PrismicAnswerKind, number>();

  /** Adds a rule; the first matching rule answers. */
  switchTo(rule: PrismicAnswerRule): this {
    this.#rules.push({ ...rule, left: rule.times ?? Infinity });
    return this;
  }

  /** Back to the repository's own answers. */
  clear(): void {
    this.#rules = [];
    this.served.clear();
  }

  /** The rule for this request, if any (counted as served). */
  match(url: URL, isSearch: boolean): PrismicAnswerRule | undefined {
    const rule = this.#rules.find((candidate) => {
      if (candidate.left <= 0) return false;
      const on = candidate.on ?? "search";
      if (on === "search" && !isSearch) return false;
      if (on === "repository" && isSearch) return false;
      return candidate.ref === undefined || url.searchParams.get("ref") === candidate.ref;
    });
    if (!rule) return undefined;
    rule.left--;
    this.served.set(rule.kind, (this.served.get(rule.kind) ?? 0) + 1);
    return rule;
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

/** Prismic adds its OAuth endpoints to the bodies of security errors. */
function oauth(origin: string) {
  return { oauth_initiate: `${origin}/auth`, oauth_token: `${origin}/auth/token` };
}

/** The answer of a rule (null for "slow": the repository answers, later), with its `Retry-After` if the rule gives one. */
export function prismicAnswer(rule: PrismicAnswerRule, url: URL, context: AnswerContext): Response | null {
  const answer = answerOf(rule, url, context);
  if (answer && rule.retryAfter !== undefined) answer.headers.set("retry-after", rule.retryAfter);
  return answer;
}

function answerOf(rule: PrismicAnswerRule, url: URL, context: AnswerContext): Response | null {
  const token = url.searchParams.get("ref") ?? "";
  switch (rule.kind) {
    case "preview-token-expired":
      return json(404, {
        type: "api_security_error",
        message: "This preview token has expired",
        ...oauth(context.origin),
      });
    case "preview-token-expired-400":
      return json(400, { error: "Preview token expired", ...oauth(context.origin) });
    case "preview-token-not-found":
      return json(404, { type: "api_notfound_error", message: `${token} not found` });
    case "invalid-access-token":
      return json(401, { error: "Invalid access token", ...oauth(context.origin) });
    case "ref-needs-access-token":
      return json(403, { error: "Access to this Ref requires an access token", ...oauth(context.origin) });
    case "ref-expired":
      return json(410, {
        type: "api_validation_error",
        message: `The ref ${token} has expired. Master ref is: ${context.masterRef}`,
      });
    case "rate-limited":
      return json(429, { message: "Too many requests" });
    case "server-error": {
      const status = rule.status ?? 500;
      if (status < 500 || status > 599) throw new Error(`A server error is a 5xx, not ${status}`);
      const page = "<!doctype html><title>Prismic</title><h1>whoa, didn't see that one coming!</h1>";
      return new Response(page, { status, headers: { "content-type": "text/html; charset=utf-8" } });
    }
    case "slow":
      return null;
  }
}

/** Waits `ms`, or rejects as fetch does when `signal` aborts first. */
export function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new DOMException("This operation was aborted", "AbortError"));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", abort);
      resolve();
    }, ms);
    if (signal?.aborted) abort();
    else signal?.addEventListener("abort", abort, { once: true });
  });
}

/**
 * `inner` with the switch in front: a matching rule's answer, or (slow) the inner answer late.
 * `masterRef` names the ref that answers such as a 410 point the client to.
 */
export function answeringFetch(inner: typeof fetch, answers: PrismicAnswers, masterRef: () => string): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request ? request.url : String(input));
    const rule = answers.match(url, /\/documents\/search\/?$/.test(url.pathname));
    if (rule) {
      const answer = prismicAnswer(rule, url, { masterRef: masterRef(), origin: url.origin });
      if (answer) {
        // A fetched Response knows its URL; the client puts it in its errors.
        Object.defineProperty(answer, "url", { value: url.toString() });
        return answer;
      }
      await delay(rule.delayMs ?? 0, init?.signal ?? request?.signal ?? undefined);
    }
    return inner(input, init);
  };
}

/** The embedded repository's `fetch` (embeddedFetch.ts) with the switch in front of it. */
export function answeringEmbeddedFetch(
  source: EmbeddedRepository | (() => EmbeddedRepository),
  answers: PrismicAnswers,
): typeof fetch {
  const current = typeof source === "function" ? source : () => source;
  return answeringFetch(createEmbeddedFetch(current), answers, () => current().masterRef);
}
