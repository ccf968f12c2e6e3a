/** A pino logger whose JSON lines a test reads back, parsed, in the order written. */
import pino, { type Logger } from "pino";

export type LogLine = { level: number; msg: string } & Record<string, unknown>;

export function capturingLogger(level = "info"): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}
