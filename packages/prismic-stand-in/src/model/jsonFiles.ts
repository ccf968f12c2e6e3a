/**
 * Reading the project's JSON files: every file under a folder in a stable order, and each file
 * parsed or, when it does not parse, one problem line naming it.
 */
import fs from "node:fs";
import path from "node:path";
import type { Json } from "./jsonValues.ts";

/** The parsed file, or undefined with a problem (named `rel`) pushed to `errors`. */
export function readJson(file: string, rel: string, errors: string[]): Json | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    errors.push(`${rel}: does not parse as JSON (${(error as Error).message})`);
    return undefined;
  }
}

/** Every file under `dir`, depth first, sorted by name; none when `dir` is missing. */
export function walkFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? walkFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}
