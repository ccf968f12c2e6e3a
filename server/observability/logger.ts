import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import pino, { type Logger, type LoggerOptions } from "pino";

export type LogEnvironment = "development" | "production" | "test";

/** Whether a package can be loaded from the app's folder (the working directory, as config.rootDir). */
const resolvable = (name: string): boolean => {
  try {
    createRequire(path.join(process.cwd(), "package.json")).resolve(name);
    return true;
  } catch {
    return false;
  }
};

/**
 * Query parameters whose values never reach a log, matched on the decoded name (so `%74oken` is
 * `token`): preview tokens and refs (a preview ref is the token), access tokens, secrets.
 */
const SECRET_NAME = /token|secret|password|signature|^ref$|^key$|api_?key/i;
/** `name=value` after `?`, `&` or `;` in any text (a URL alone, or inside a message or stack). */
const QUERY_PAIR = /([?&;])([^=&;#\s"'<>]+)=([^&;#\s"'<>]*)/g;
const CENSOR = "[redacted]";

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}

/** `text` with the value of every secret-named query parameter replaced, however the name is encoded. */
export function redactSecrets(text: string): string {
  return text.replace(QUERY_PAIR, (pair, separator: string, name: string) =>
    SECRET_NAME.test(decodedName(name)) ? `${separator}${name}=${CENSOR}` : pair,
  );
}

/** A logged URL or Referer: secrets redacted; for a Referer (another page, maybe another site) no query or fragment at all. */
const withoutQuery = (url: string) => url.replace(/[?#].*$/s, "");

/** The request as logged: no query object (the URL carries it, redacted), no cookies, a Referer without its query. */
export function redactedRequest(req: { url?: string } & Record<string, unknown>) {
  const {
    query: _query,
    params: _params,
    ...plain
  } = pino.stdSerializers.req(req as never) as unknown as Record<string, unknown> & {
    url?: string;
    headers?: Record<string, unknown>;
  };
  const headers = plain.headers && { ...plain.headers };
  if (headers && typeof headers.referer === "string") headers.referer = withoutQuery(headers.referer);
  return {
    ...plain,
    url: plain.url === undefined ? undefined : redactSecrets(plain.url),
    ...(headers ? { headers } : {}),
  };
}

/** An error as logged: pino's shape, with secrets redacted from its message, stack and any string property (a failed request's `url`). */
export function redactedError(error: unknown) {
  if (!(error instanceof Error)) return error;
  const plain = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(plain)) if (typeof value === "string") plain[key] = redactSecrets(value);
  return plain;
}

/**
 * Development log lines (pino-pretty): one line per event, a request as
 * "request completed: GET /path → 200 in 12 ms"; errors keep their stack on the lines below.
 */
export const PRETTY_OPTIONS = {
  translateTime: "SYS:HH:MM:ss.l",
  singleLine: true,
  ignore: "pid,hostname,req,res,responseTime",
  messageFormat: "{msg}{if responseTime}: {req.method} {req.url} → {res.statusCode} in {responseTime} ms{end}",
};

/**
 * The logger's options: JSON lines, one per event, where a program reads the output (log
 * shippers, `docker logs`, a pipe) and in tests. Human-readable lines through pino-pretty in
 * development, and when the output is a terminal (`npm start` in a shell), when it is installed:
 * it is a dev dependency, absent from the Docker image, and pino loads a transport by name in a
 * worker thread at run time, so it is never bundled and never required unless chosen here.
 */
export function loggerOptions(
  level: string,
  env: LogEnvironment,
  canLoad: (name: string) => boolean = resolvable,
  toTerminal: boolean = Boolean(process.stdout.isTTY),
): LoggerOptions {
  const pretty = (env === "development" || (env === "production" && toTerminal)) && canLoad("pino-pretty");
  return {
    level,
    serializers: { err: redactedError },
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "*.accessToken",
        "*.token",
      ],
      censor: "[redacted]",
    },
    ...(pretty ? { transport: { target: "pino-pretty", options: PRETTY_OPTIONS } } : {}),
  };
}

const unredacted = new WeakMap<Logger, Logger>();
/**
 * The logger for lines whose every field the caller builds from values that are never secret
 * (an access line with its URL already redacted, a page rendered): pino's per-line wildcard
 * redaction skipped, which was most of such a line's cost (decision record 019). One child per logger.
 */
export function builtFieldsLogger(logger: Logger): Logger {
  let child = unredacted.get(logger);
  if (!child) {
    child = logger.child({}, { redact: { paths: [] } });
    unredacted.set(logger, child);
  }
  return child;
}

/** Bytes of log lines gathered before one write: about fifty access lines. */
export const LOG_BATCH_BYTES = 16_384;
/** The longest a log line waits for its batch to fill: a quiet site still logs promptly. */
export const LOG_FLUSH_DELAY_MS = 100;
/** How long a full pipe (a slow log reader) may hold a batch back before its lines are dropped, with a count. */
const FULL_PIPE_PATIENCE_MS = 1_000;

/**
 * Log lines to `fd`, written in batches: one synchronous write per LOG_BATCH_BYTES of lines, or
 * LOG_FLUSH_DELAY_MS after the first line of a batch, whichever comes first, at once for a
 * warning or an error, and what is pending when the process exits (nothing is lost at shutdown).
 * Measured (decision record 019): pino's asynchronous destination cost about 8 µs a line (one
 * write per line through the thread pool, or, gathering lines, a byte count of the whole pending
 * string per line), a fifth of a cache hit; an array of lines joined once per batch costs a
 * fraction of a microsecond a line.
 */
export function batchedDestination(
  fd = 1,
  { batchBytes = LOG_BATCH_BYTES, flushDelayMs = LOG_FLUSH_DELAY_MS } = {},
): pino.DestinationStream & { flush(): void } {
  let lines: string[] = [];
  let bytes = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (lines.length === 0) return;
    const batch = Buffer.from(lines.join(""));
    lines = [];
    bytes = 0;
    writeAll(fd, batch);
  };
  process.on("exit", flush);
  return {
    write(line: string) {
      lines.push(line);
      bytes += line.length;
      // A warning or an error (pino's level 40 and up, `{"level":40,…`) goes out at once, with the
      // lines before it: what an operator or a crash must see is never held back.
      if (bytes >= batchBytes || line.charCodeAt(9) >= 52) flush();
      else if (!timer) {
        timer = setTimeout(flush, flushDelayMs);
        timer.unref();
      }
    },
    flush,
  };
}

/** Writes all of `data`, waiting out a full non-blocking pipe (EAGAIN) for a bounded time. */
function writeAll(fd: number, data: Buffer): void {
  let offset = 0;
  const deadline = Date.now() + FULL_PIPE_PATIENCE_MS;
  while (offset < data.length) {
    try {
      offset += fs.writeSync(fd, data, offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN" || Date.now() > deadline) {
        // The log's reader is gone or stuck: the site keeps serving; the loss is said where it can be.
        process.stderr.write(`log: ${data.length - offset} bytes of log lines dropped (${(error as Error).message})\n`);
        return;
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    }
  }
}

/**
 * The process logger: cookies and credentials never reach a log. JSON lines go to stdout in
 * batches (`batchedDestination`: a request never waits for its log line to be written); the
 * development transport has its own worker thread.
 */
export function createLogger(level: string, env: LogEnvironment = "production"): Logger {
  const options = loggerOptions(level, env);
  return options.transport ? pino(options) : pino(options, batchedDestination(1));
}

/**
 * `@prismicio/client` warns on the console, and its "ref was invalid/expired" warning prints the
 * ref: for a preview, that is the preview token. Its warnings go through `logger` instead, ref
 * and secrets redacted; every other console.warn is left as it was. Returns the undo.
 */
export function routeLibraryWarnings(logger: Logger): () => void {
  const original = console.warn;
  console.warn = (...args: unknown[]) => {
    const [first] = args;
    if (typeof first !== "string" || !first.startsWith("[@prismicio/client]")) return original.apply(console, args);
    const message = redactSecrets(first.replace(/The ref \((.*?)\) was/s, `The ref (${CENSOR}) was`));
    logger.warn({ source: "@prismicio/client" }, message);
  };
  return () => {
    console.warn = original;
  };
}

export type { Logger };
