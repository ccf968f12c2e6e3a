/**
 * A stand-in for Meta's Graph API `POST /{version}/{pixel}/events` on 127.0.0.1, switchable
 * between up, down (500), stalled (never answers), rate-limited (429 with Retry-After) and
 * refusing (400 with a Graph error body); single answers can be queued with `next()`.
 * It counts the events it accepted (answered 200 for) by event_id. Like Meta, when up it refuses
 * a whole request (400, `VALUE_REFUSED`) when any one of its events has a `custom_data.value`
 * that is not a number.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeMode = "up" | "down" | "stall" | "rateLimited" | "refuse";

export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface GraphRequest {
  path: string;
  /** When it came in (ms since the epoch). */
  at: number;
  eventIds: string[];
  accessToken: unknown;
  testEventCode: unknown;
  body: { data: Array<{ event_id: string } & Record<string, unknown>> } & Record<string, unknown>;
  /** The body exactly as it arrived (UTF-8), for tests of what Meta receives byte for byte. */
  raw: string;
  /** The request's headers (a trace's `traceparent`, for example). */
  headers: http.IncomingHttpHeaders;
}

export interface FakeGraph {
  /** Base URL, as META_GRAPH_URL. */
  url: string;
  mode: FakeMode;
  /** How long each answer takes (ms), as a slow Meta: the request is processed (counted) either way. */
  delayMs: number;
  /** Answers to give before the mode applies again, in order. */
  next(...answers: Array<FakeAnswer | "stall">): void;
  /** Every request received, in order. */
  readonly requests: GraphRequest[];
  /** How many times each event_id was accepted (answered 200). */
  readonly accepted: Map<string, number>;
  /** Requests held open right now. */
  stalled(): number;
  close(): Promise<void>;
}

export const GRAPH_ERROR = {
  error: {
    message: "Invalid parameter",
    type: "OAuthException",
    code: 100,
    error_subcode: 2804003,
    error_user_msg: "The event time is too far in the past.",
    fbtrace_id: "AbCdEf123",
  },
};

/** Meta's answer to a request with an event whose `value` is not a number: all of it refused. */
export const VALUE_REFUSED = {
  error: {
    message: "Invalid parameter",
    type: "OAuthException",
    code: 100,
    error_subcode: 2804019,
    error_user_msg: "The value parameter must be a number.",
    fbtrace_id: "VaLuE123",
  },
};

const refusedByMeta = (event: Record<string, unknown>) => {
  const value = (event.custom_data as Record<string, unknown> | undefined)?.value;
  return value !== undefined && typeof value !== "number";
};

export async function startFakeGraph(): Promise<FakeGraph> {
  const requests: GraphRequest[] = [];
  const accepted = new Map<string, number>();
  const queue: Array<FakeAnswer | "stall"> = [];
  const held = new Set<http.ServerResponse>();
  const delayed = new Set<NodeJS.Timeout>();

  const answer = (res: http.ServerResponse, { status, body, headers }: FakeAnswer) =>
    res
      .writeHead(status, { "content-type": "application/json", ...headers })
      .end(body === undefined ? "" : JSON.stringify(body));

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const body = JSON.parse(raw) as GraphRequest["body"];
      const eventIds = body.data.map((e) => e.event_id);
      requests.push({
        path: req.url ?? "",
        at: Date.now(),
        eventIds,
        accessToken: body.access_token,
        testEventCode: body.test_event_code,
        body,
        raw,
        headers: req.headers,
      });
      const planned = queue.shift() ?? fake.mode;
      if (fake.delayMs > 0 && planned !== "stall") {
        // Meta processes what it received, whether or not the client is still waiting for the answer.
        const timer = setTimeout(() => {
          delayed.delete(timer);
          reply(res, planned, body, eventIds);
        }, fake.delayMs);
        delayed.add(timer);
        return;
      }
      reply(res, planned, body, eventIds);
    });
  });

  function reply(
    res: http.ServerResponse,
    planned: FakeAnswer | FakeMode | "stall",
    body: GraphRequest["body"],
    eventIds: string[],
  ) {
    if (planned === "stall") {
      held.add(res);
      res.on("close", () => held.delete(res));
      return;
    }
    if (typeof planned === "object") return answer(res, planned);
    switch (planned) {
      case "up":
        if (body.data.some(refusedByMeta)) return answer(res, { status: 400, body: VALUE_REFUSED });
        for (const id of eventIds) accepted.set(id, (accepted.get(id) ?? 0) + 1);
        return answer(res, {
          status: 200,
          body: { events_received: eventIds.length, messages: [], fbtrace_id: "ok" },
        });
      case "down":
        return answer(res, {
          status: 500,
          body: { error: { message: "An unexpected error has occurred.", code: 2, is_transient: true } },
        });
      case "rateLimited":
        return answer(res, {
          status: 429,
          body: { error: { message: "Too many calls", code: 4 } },
          headers: { "retry-after": "0" },
        });
      case "refuse":
        return answer(res, { status: 400, body: GRAPH_ERROR });
    }
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeGraph = {
    url: `http://127.0.0.1:${port}`,
    mode: "up",
    delayMs: 0,
    next: (...answers) => void queue.push(...answers),
    requests,
    accepted,
    stalled: () => held.size,
    close: () =>
      new Promise((resolve) => {
        for (const res of held) res.destroy();
        for (const timer of delayed) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
