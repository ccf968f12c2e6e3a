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
 * The logger's options: JSON lines, one per event, in production and tests (what log shippers
 * read). In development, human-readable lines through pino-pretty when it is installed: it is a
 * dev dependency, absent from the Docker image, and pino loads a transport by name in a worker
 * thread at run time, so it is never bundled and never required unless chosen here.
 */
export function loggerOptions(level: string, env: LogEnvironment, canLoad: (name: string) => boolean = resolvable): LoggerOptions {
  return {
    level,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', "*.accessToken", "*.token"],
      censor: "[redacted]",
    },
    ...(env === "development" && canLoad("pino-pretty") ? { transport: { target: "pino-pretty", options: PRETTY_OPTIONS } } : {}),
  };
}

/**
 * The process logger: cookies and credentials never reach a log. JSON lines go to stdout
 * asynchronously (a request never waits for its log line to be written; pino flushes what is
 * pending when the process exits); the development transport has its own worker thread.
 */
export function createLogger(level: string, env: LogEnvironment = "production"): Logger {
  const options = loggerOptions(level, env);
  return options.transport ? pino(options) : pino(options, pino.destination({ dest: 1, sync: false }));
}

export type { Logger };
