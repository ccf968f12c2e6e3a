/**
 * A switchable transport under the Prismic client for outage tests: healthy, down (network
 * error), slow, rate-limited (429 with Retry-After) or failing (500), for every request or
 * only the ones a predicate picks. It counts the requests that reach the content service.
 */
export type Fault =
  | { kind: "ok" }
  | { kind: "down" }
  | { kind: "slow"; delayMs: number }
  | { kind: "rateLimited"; retryAfterSeconds: number | null }
  | { kind: "serverError" };

export interface FaultyFetch {
  wrap: (inner: typeof fetch) => typeof fetch;
  set(fault: Fault, only?: (url: string) => boolean): void;
  /** Requests that reached the transport (all of them, whatever the fault). */
  readonly calls: string[];
}

export function createFaultyFetch(): FaultyFetch {
  let fault: Fault = { kind: "ok" };
  let applies: (url: string) => boolean = () => true;
  const calls: string[] = [];
  return {
    calls,
    set(next, only = () => true) {
      fault = next;
      applies = only;
    },
    wrap: (inner) => async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      calls.push(url);
      if (!applies(url)) return inner(input, init);
      switch (fault.kind) {
        case "ok":
          return inner(input, init);
        case "down":
          throw new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED") });
        case "slow":
          await new Promise<void>((resolve, reject) => {
            const timer = setTimeout(resolve, (fault as { delayMs: number }).delayMs);
            init?.signal?.addEventListener("abort", () => {
              clearTimeout(timer);
              reject(init.signal!.reason);
            });
          });
          return inner(input, init);
        case "rateLimited": {
          const headers = new Headers({ "content-type": "application/json" });
          if (fault.retryAfterSeconds !== null) headers.set("retry-after", String(fault.retryAfterSeconds));
          return new Response(JSON.stringify({ message: "Too many requests" }), { status: 429, headers });
        }
        case "serverError":
          return new Response("Internal error", { status: 500 });
      }
    },
  };
}
