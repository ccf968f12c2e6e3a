/**
 * The `fetch` the Prismic client is given (server/content/resilientFetch.ts): a timeout on every
 * request and on its body's arrival, a short 429 let through to the client's own retry a few
 * times with an explicit Retry-After, and a long 429 or a 503 with Retry-After making every request fail fast for at
 * most a minute, with one probe every 5 s that ends the wait as soon as Prismic answers; no
 * redirect followed, and no answer read past its byte bound. A stand-in `fetch` answers, and the
 * clock is injected.
 */
import { ContentUnavailableError } from "../server/content/contentErrors";
import { resilientFetch } from "../server/content/resilientFetch";

const URL_A = "https://repo.invalid/api/v2/documents/search?ref=a";
const URL_B = "https://repo.invalid/api/v2/documents/search?ref=b";

/** A stand-in for the network: answers from a queue per URL (the last answer repeats), recording each call. */
function network(answers: Record<string, Array<() => Response>>) {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  const base = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({ url, init });
    const queue = answers[url] ?? [() => new Response("{}", { status: 200 })];
    return (queue.length > 1 ? queue.shift()! : queue[0])();
  }) as typeof fetch;
  return { base, calls };
}

const status =
  (code: number, headers: Record<string, string> = {}) =>
  () =>
    new Response(code === 204 ? null : "{}", { status: code, headers });

let now: number;
const clock = () => now;
beforeEach(() => {
  now = Date.UTC(2025, 0, 1, 12);
});

async function failure(promise: Promise<unknown>): Promise<ContentUnavailableError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ContentUnavailableError);
  return error as ContentUnavailableError;
}

describe("answers pass through", () => {
  test.each([200, 404, 500, 503])("%s, as the network gave it", async (code) => {
    const { base } = network({ [URL_A]: [status(code)] });
    const response = await resilientFetch(base, { timeoutMs: 1_000, now: clock })(URL_A);
    expect(response.status).toBe(code);
  });

  test("with the caller's options, and a signal that ends the request at the timeout", async () => {
    const { base, calls } = network({});
    await resilientFetch(base, { timeoutMs: 1_000, now: clock })(URL_A, { headers: { accept: "application/json" } });
    expect(calls[0].init?.headers).toEqual({ accept: "application/json" });
    expect(calls[0].init?.signal).toBeInstanceOf(AbortSignal);
    expect(calls[0].init?.signal?.aborted).toBe(false);
  });
});

describe("a request that does not finish", () => {
  /** A network that never answers, only ends when the request's signal aborts. */
  const silent = (async (_input: unknown, init?: RequestInit) =>
    new Promise((_resolve, reject) => {
      init!.signal!.addEventListener("abort", () => reject(init!.signal!.reason));
    })) as typeof fetch;

  test("fails as content unavailable at the timeout", async () => {
    const error = await failure(resilientFetch(silent, { timeoutMs: 1, now: clock })(URL_A));
    expect(error.message).toBe("Prismic did not answer within 1 ms");
  });

  test("ended by the caller, fails with the caller's own reason", async () => {
    const controller = new AbortController();
    const request = resilientFetch(silent, { timeoutMs: 60_000, now: clock })(URL_A, { signal: controller.signal });
    controller.abort(new Error("visitor went away"));
    await expect(request).rejects.toThrow("visitor went away");
  });

  test("a network error is passed on as it is", async () => {
    const broken = (async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch;
    await expect(resilientFetch(broken, { timeoutMs: 1_000, now: clock })(URL_A)).rejects.toThrow(TypeError);
  });
});

describe("an answer whose body does not finish", () => {
  /** Headers at once, then a byte now and then for ever: the body ends only when the request's signal aborts, with its reason, as the network's does. */
  const trickling = (async (_input: unknown, init?: RequestInit) => {
    let timer: NodeJS.Timeout;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        timer = setInterval(() => controller.enqueue(new Uint8Array([32])), 5);
        init!.signal!.addEventListener("abort", () => {
          clearInterval(timer);
          controller.error(init!.signal!.reason);
        });
      },
      cancel: () => clearInterval(timer),
    });
    return new Response(body, { status: 200 });
  }) as typeof fetch;

  test("fails as content unavailable at the timeout, saying the answer did not finish", async () => {
    const response = await resilientFetch(trickling, { timeoutMs: 50, now: clock })(URL_A);
    const error = await failure(response.text());
    expect(error.message).toBe("Prismic's answer did not finish within 50 ms");
  });

  test("ended by the caller while the body arrives, fails with the caller's own reason", async () => {
    const controller = new AbortController();
    const response = await resilientFetch(trickling, { timeoutMs: 60_000, now: clock })(URL_A, {
      signal: controller.signal,
    });
    const reading = response.text();
    controller.abort(new Error("visitor went away"));
    await expect(reading).rejects.toThrow("visitor went away");
  });
});

describe("a short 429: the client's own retry, bounded", () => {
  test.each([
    ["Retry-After in seconds", { "retry-after": "2" }, "2"],
    ["no Retry-After (1 s, not the client's 1.5 s)", {}, "1"],
    [
      "Retry-After as an HTTP date",
      { "retry-after": new Date(Date.UTC(2025, 0, 1, 12, 0, 1, 500)).toUTCString() },
      "1",
    ],
    ["Retry-After that is neither (1 s)", { "retry-after": "soon" }, "1"],
  ])("%s: answered 429 with an explicit Retry-After", async (_case, headers, seconds) => {
    const { base } = network({ [URL_A]: [status(429, headers)] });
    const response = await resilientFetch(base, { timeoutMs: 1_000, now: clock })(URL_A);
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe(seconds);
  });

  test("at most three times in a row for one URL; the fourth fails, and every URL waits", async () => {
    const { base, calls } = network({ [URL_A]: [status(429, { "retry-after": "1" })] });
    const fetchContent = resilientFetch(base, { timeoutMs: 1_000, now: clock });
    for (let i = 0; i < 3; i++) expect((await fetchContent(URL_A)).status).toBe(429);
    const error = await failure(fetchContent(URL_A));
    expect(error.message).toBe("Prismic is rate-limiting us (429)");
    expect(error.retryAfter).toBe(1);
    await failure(fetchContent(URL_B));
    expect(calls).toHaveLength(4);
    now += 1_000;
    expect((await fetchContent(URL_B)).status).toBe(200);
  });

  test("counted per URL, and a success starts the count again", async () => {
    const limited = status(429, { "retry-after": "1" });
    const { base } = network({
      [URL_A]: [limited, limited, limited, status(200), limited, limited, limited],
      [URL_B]: [limited, limited, limited],
    });
    const fetchContent = resilientFetch(base, { timeoutMs: 1_000, maxRateLimitRetries: 3, now: clock });
    const statuses = [];
    for (const url of [URL_A, URL_A, URL_B, URL_A, URL_B, URL_B, URL_A, URL_A, URL_A, URL_A]) {
      statuses.push((await fetchContent(url)).status);
    }
    expect(statuses).toEqual([429, 429, 429, 429, 429, 429, 200, 429, 429, 429]);
  });
});

/** No probe while the wait lasts: the wait itself, as the header and the cap make it. */
const NO_PROBE = { probeIntervalMs: Number.MAX_SAFE_INTEGER };

describe("a long 429 or a 503 with Retry-After: every request fails fast until it has passed (no probe)", () => {
  test("a 429 asking for longer than a page may wait", async () => {
    const { base, calls } = network({ [URL_A]: [status(429, { "retry-after": "30" })] });
    const fetchContent = resilientFetch(base, { timeoutMs: 1_000, maxRetryAfterMs: 2_000, now: clock, ...NO_PROBE });
    const error = await failure(fetchContent(URL_A));
    expect(error.retryAfter).toBe(30);
    now += 29_001;
    const waiting = await failure(fetchContent(URL_B));
    expect(waiting.message).toBe("Prismic asked us to wait (429 or 503)");
    expect(waiting.retryAfter).toBe(1);
    expect(calls).toHaveLength(1);
    now += 999;
    expect((await fetchContent(URL_B)).status).toBe(200);
  });

  test("a 503 for the time it says", async () => {
    const { base, calls } = network({ [URL_A]: [status(503, { "retry-after": "20" }), status(200)] });
    const fetchContent = resilientFetch(base, { timeoutMs: 1_000, now: clock, ...NO_PROBE });
    const error = await failure(fetchContent(URL_A));
    expect(error).toMatchObject({ message: "Prismic is unavailable (503)", retryAfter: 20 });
    now += 19_999;
    await failure(fetchContent(URL_A));
    now += 1;
    expect((await fetchContent(URL_A)).status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  test("a 503 asking for an hour stops requests for a minute at most", async () => {
    const { base } = network({ [URL_A]: [status(503, { "retry-after": "3600" }), status(200)] });
    const fetchContent = resilientFetch(base, { timeoutMs: 1_000, now: clock, ...NO_PROBE });
    expect((await failure(fetchContent(URL_A))).retryAfter).toBe(60);
    now += 59_999;
    expect((await failure(fetchContent(URL_A))).retryAfter).toBe(1);
    now += 1;
    expect((await fetchContent(URL_A)).status).toBe(200);
  });

  test("a 503 of zero seconds still says to retry after a second, and blocks nothing", async () => {
    const { base } = network({ [URL_A]: [status(503, { "retry-after": "0" }), status(200)] });
    const fetchContent = resilientFetch(base, { timeoutMs: 1_000, now: clock, ...NO_PROBE });
    expect((await failure(fetchContent(URL_A))).retryAfter).toBe(1);
    expect((await fetchContent(URL_A)).status).toBe(200);
  });

  test("a shorter 503 does not shorten a longer wait already asked for", async () => {
    const { base } = network({
      [URL_A]: [status(503, { "retry-after": "30" })],
      [URL_B]: [status(503, { "retry-after": "5" })],
    });
    const fetchContent = resilientFetch(base, { timeoutMs: 1_000, now: clock, ...NO_PROBE });
    // Both in flight at once: the 30 s answer arrives first, then the 5 s one.
    const answers = await Promise.allSettled([fetchContent(URL_A), fetchContent(URL_B)]);
    expect(answers.map((answer) => answer.status)).toEqual(["rejected", "rejected"]);
    now += 10_000;
    expect((await failure(fetchContent(URL_B))).message).toBe("Prismic asked us to wait (429 or 503)");
  });
});

describe("a wait longer than a minute is cut to a minute", () => {
  test.each([
    ["Retry-After: 3600", "3600"],
    ["Retry-After: an HTTP date in 2100", "Fri, 01 Jan 2100 00:00:00 GMT"],
  ])("a 429 with %s stops requests for 60 s, then they go to Prismic again", async (_case, retryAfter) => {
    const { base, calls } = network({ [URL_A]: [status(429, { "retry-after": retryAfter }), status(200)] });
    const fetchContent = resilientFetch(base, { timeoutMs: 1_000, now: clock, ...NO_PROBE });
    expect((await failure(fetchContent(URL_A))).retryAfter).toBe(60);
    now += 59_999;
    await failure(fetchContent(URL_B));
    expect(calls).toHaveLength(1);
    now += 1;
    expect((await fetchContent(URL_A)).status).toBe(200);
  });
});

describe("while requests wait, one probe every 5 s sees whether Prismic is back", () => {
  test("a 429 asking for an hour: 5 s later one request goes through, and its healthy answer ends the wait", async () => {
    const { base, calls } = network({ [URL_A]: [status(429, { "retry-after": "3600" }), status(200)] });
    const fetchContent = resilientFetch(base, { timeoutMs: 1_000, now: clock });
    await failure(fetchContent(URL_A));
    now += 4_999;
    const waiting = await failure(fetchContent(URL_B));
    // Visitors are told to come back when the probe may have found Prismic back, not in an hour.
    expect(waiting.retryAfter).toBe(1);
    expect(calls).toHaveLength(1);
    now += 1;
    expect((await fetchContent(URL_B)).status).toBe(200);
    expect((await fetchContent(URL_A)).status).toBe(200);
    expect(calls.map((call) => call.url)).toEqual([URL_A, URL_B, URL_A]);
  });

  test("a probe asked to wait again keeps every request waiting until the next probe", async () => {
    const limited = status(429, { "retry-after": "3600" });
    const { base, calls } = network({ [URL_A]: [limited, limited, status(200)] });
    const fetchContent = resilientFetch(base, { timeoutMs: 1_000, now: clock });
    await failure(fetchContent(URL_A));
    now += 5_000;
    expect((await failure(fetchContent(URL_A))).message).toBe("Prismic is rate-limiting us (429)");
    now += 4_999;
    await failure(fetchContent(URL_A));
    expect(calls).toHaveLength(2);
    now += 1;
    expect((await fetchContent(URL_A)).status).toBe(200);
  });

  test("one probe at a time: requests while it is out fail fast", async () => {
    let answer!: (response: Response) => void;
    let calls = 0;
    const base = (async () => {
      calls++;
      if (calls === 1) return status(503, { "retry-after": "3600" })();
      if (calls === 2) return new Promise<Response>((resolve) => (answer = resolve));
      return status(200)();
    }) as typeof fetch;
    const fetchContent = resilientFetch(base, { timeoutMs: 1_000, now: clock });
    await failure(fetchContent(URL_A));
    now += 5_000;
    const probe = fetchContent(URL_A);
    await failure(fetchContent(URL_B));
    expect(calls).toBe(2);
    answer(status(200)());
    expect((await probe).status).toBe(200);
    expect((await fetchContent(URL_B)).status).toBe(200);
  });

  test("a probe that fails on the network keeps the wait; the next probe comes 5 s later", async () => {
    let fail = false;
    const { base: healthy, calls } = network({ [URL_A]: [status(503, { "retry-after": "60" }), status(200)] });
    const base = (async (input: string, init?: RequestInit) => {
      if (fail) {
        calls.push({ url: String(input) });
        throw new TypeError("fetch failed");
      }
      return healthy(input, init);
    }) as typeof fetch;
    const fetchContent = resilientFetch(base, { timeoutMs: 1_000, now: clock });
    await failure(fetchContent(URL_A));
    now += 5_000;
    fail = true;
    await expect(fetchContent(URL_A)).rejects.toThrow(TypeError);
    fail = false;
    await failure(fetchContent(URL_A));
    now += 5_000;
    expect((await fetchContent(URL_A)).status).toBe(200);
    expect(calls).toHaveLength(3);
  });
});

describe("an answer is bounded in bytes", () => {
  /** A body of `bytes` bytes in 64 KiB chunks, counting how many the reader pulled. */
  function streamed(bytes: number) {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(97);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= bytes) return controller.close();
        const piece = chunk.subarray(0, Math.min(chunk.length, bytes - pulled));
        pulled += piece.length;
        controller.enqueue(piece);
      },
    });
    return { body, pulled: () => pulled };
  }

  test("a body within the bound is read whole", async () => {
    const { body } = streamed(1_000_000);
    const base = (async () => new Response(body, { status: 200 })) as typeof fetch;
    const response = await resilientFetch(base, { timeoutMs: 1_000, maxAnswerBytes: 1_000_000, now: clock })(URL_A);
    expect((await response.arrayBuffer()).byteLength).toBe(1_000_000);
  });

  test("a streamed body past the bound fails as content unavailable, and reading stops near the bound", async () => {
    const { body, pulled } = streamed(400 * 1024 * 1024);
    const base = (async () => new Response(body, { status: 200 })) as typeof fetch;
    const response = await resilientFetch(base, { timeoutMs: 1_000, maxAnswerBytes: 1_000_000, now: clock })(URL_A);
    const error = await failure(response.arrayBuffer());
    expect(error.message).toBe("Prismic's answer is larger than 1000000 bytes");
    expect(pulled()).toBeLessThan(2_000_000);
  });

  test("a Content-Length past the bound fails before the body is read", async () => {
    const { body, pulled } = streamed(400 * 1024 * 1024);
    const base = (async () =>
      new Response(body, { status: 200, headers: { "content-length": String(400 * 1024 * 1024) } })) as typeof fetch;
    const error = await failure(
      resilientFetch(base, { timeoutMs: 1_000, maxAnswerBytes: 1_000_000, now: clock })(URL_A),
    );
    expect(error.message).toBe("Prismic's answer is larger than 1000000 bytes");
    expect(pulled()).toBeLessThanOrEqual(64 * 1024);
  });

  test("by default the bound is 8 MiB: an answer of that size is taken, one byte more is not", async () => {
    const EIGHT_MIB = 8 * 1024 * 1024;
    const declared = (bytes: number) =>
      (async () =>
        new Response(streamed(bytes).body, {
          status: 200,
          headers: { "content-length": String(bytes) },
        })) as typeof fetch;
    const taken = await resilientFetch(declared(EIGHT_MIB), { timeoutMs: 1_000, now: clock })(URL_A);
    expect(taken.status).toBe(200);
    await taken.body?.cancel();
    const error = await failure(resilientFetch(declared(EIGHT_MIB + 1), { timeoutMs: 1_000, now: clock })(URL_A));
    expect(error.message).toBe(`Prismic's answer is larger than ${EIGHT_MIB} bytes`);
  });

  test("an error answer's body is bounded too", async () => {
    const { body } = streamed(2_000_000);
    const base = (async () => new Response(body, { status: 500 })) as typeof fetch;
    const response = await resilientFetch(base, { timeoutMs: 1_000, maxAnswerBytes: 1_000_000, now: clock })(URL_A);
    expect(response.status).toBe(500);
    await failure(response.text());
  });
});

describe("a redirect is never followed", () => {
  test("the request asks the network not to follow redirects", async () => {
    const { base, calls } = network({});
    await resilientFetch(base, { timeoutMs: 1_000, now: clock })(URL_A);
    expect(calls[0].init?.redirect).toBe("manual");
  });

  test.each([301, 302, 303, 307, 308])("a %s fails as content unavailable", async (code) => {
    const { base } = network({ [URL_A]: [status(code, { location: "http://127.0.0.1:9/ssrf-probe" })] });
    const error = await failure(resilientFetch(base, { timeoutMs: 1_000, now: clock })(URL_A));
    expect(error.message).toBe(`Prismic answered a redirect (${code}), which is not followed`);
  });
});
