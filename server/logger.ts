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
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', "*.accessToken", "*.token"],
      censor: "[redacted]",
    },
    ...(pretty ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } } } : {}),
  };
}

/** The process logger: cookies and credentials never reach a log. */
export function createLogger(level: string, env: LogEnvironment = "production"): Logger {
  return pino(loggerOptions(level, env));
}

export type { Logger };
