import pino, { type Logger } from "pino";

/** The process logger: JSON lines; cookies and credentials never reach a log. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', "*.accessToken", "*.token"],
      censor: "[redacted]",
    },
  });
}

export type { Logger };
