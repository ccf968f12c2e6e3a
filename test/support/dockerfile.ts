/**
 * Reads our Dockerfile and .dockerignore well enough to replay the runtime stage without Docker:
 * its stages, COPY instructions, ENV, RUN, CMD and HEALTHCHECK. A subset of the syntax: no heredocs,
 * no parser directives, no variable expansion; anything else it meets is an error, not a guess.
 */
import fs from "node:fs";
import path from "node:path";

export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  image: string;
  name?: string;
  instructions: Instruction[];
}

export interface Copy {
  /** The stage named by --from, or undefined for the build context. */
  from?: string;
  sources: string[];
  dest: string;
}

/** Splits a Dockerfile into stages of instructions, joining `\` continuations and dropping comments. */
export function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let pending = "";
  for (const raw of text.split(/\r?\n/)) {
    if (/^\s*#/.test(raw)) continue;
    const continued = /\\\s*$/.test(raw);
    pending += (pending ? " " : "") + raw.replace(/\\\s*$/, "").trim();
    if (continued) continue;
    if (pending) logical.push(pending);
    pending = "";
  }
  if (pending) logical.push(pending);

  const stages: Stage[] = [];
  for (const line of logical) {
    const match = /^([A-Za-z]+)\s+([\s\S]*)$/.exec(line);
    if (!match) throw new Error(`Dockerfile: cannot read "${line}"`);
    const keyword = match[1].toUpperCase();
    const args = match[2].trim();
    if (args.includes("<<")) throw new Error(`Dockerfile: heredocs are not supported here: "${line}"`);
    if (keyword === "FROM") {
      const from = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!from) throw new Error(`Dockerfile: cannot read "${line}"`);
      stages.push({ image: from[1], name: from[2], instructions: [] });
      continue;
    }
    if (!stages.length) throw new Error(`Dockerfile: "${keyword}" before the first FROM`);
    stages[stages.length - 1].instructions.push({ keyword, args });
  }
  return stages;
}

/** The JSON ("exec") form of an instruction's arguments, or undefined for the shell form. */
export function execForm(args: string): string[] | undefined {
  if (!args.startsWith("[")) return undefined;
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === "string"))
    throw new Error(`Not an exec form: ${args}`);
  return parsed;
}

/** `COPY [--flag=value…] src… dest` (shell or JSON form). */
export function parseCopy(args: string): Copy {
  const words = execForm(args) ?? args.split(/\s+/);
  const flags = new Map<string, string>();
  while (words[0]?.startsWith("--")) {
    const [flag, value = ""] = words.shift()!.slice(2).split("=", 2);
    flags.set(flag, value);
  }
  const unknown = [...flags.keys()].filter((f) => !["from", "chown", "chmod", "link"].includes(f));
  if (unknown.length) throw new Error(`COPY flags not supported here: ${unknown.join(", ")}`);
  if (words.length < 2) throw new Error(`COPY needs a source and a destination: ${args}`);
  if (words.some((w) => /[*?[$]/.test(w)))
    throw new Error(`COPY wildcards and variables are not supported here: ${args}`);
  return { from: flags.get("from"), sources: words.slice(0, -1), dest: words[words.length - 1] };
}

/** The last WORKDIR set in a stage (absolute paths only), or "/". */
export function workdir(stage: Stage): string {
  let dir = "/";
  for (const { keyword, args } of stage.instructions) {
    if (keyword === "WORKDIR") dir = path.posix.resolve(dir, args);
  }
  return dir;
}

/** `ENV KEY=VALUE …` instructions of a stage as one object (values may be double-quoted). */
export function stageEnv(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { keyword, args } of stage.instructions) {
    if (keyword !== "ENV") continue;
    const pairs = args.match(/[A-Za-z_][A-Za-z0-9_]*=(?:"[^"]*"|\S*)/g);
    if (!pairs) throw new Error(`ENV: only the KEY=VALUE form is supported here: ${args}`);
    for (const pair of pairs) {
      const eq = pair.indexOf("=");
      env[pair.slice(0, eq)] = pair.slice(eq + 1).replace(/^"(.*)"$/, "$1");
    }
  }
  return env;
}

/** All arguments of one keyword in a stage, in order. */
export function argsOf(stage: Stage, keyword: string): string[] {
  return stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
}

/**
 * Where a path inside a stage comes from in the repository, for a stage that copies the whole build
 * context into its WORKDIR (`COPY . .`) before making its outputs (dist/, by `npm run build`).
 */
export function repoPathInStage(stage: Stage, absolute: string): string {
  const dir = workdir(stage);
  const copiesContext = stage.instructions
    .filter((i) => i.keyword === "COPY")
    .map((i) => parseCopy(i.args))
    .some((c) => !c.from && c.sources.length === 1 && c.sources[0] === "." && path.posix.resolve(dir, c.dest) === dir);
  if (!copiesContext) throw new Error(`Stage ${stage.name ?? stage.image} does not copy the build context into ${dir}`);
  const relative = path.posix.relative(dir, path.posix.resolve(dir, absolute));
  if (relative.startsWith("..") || relative === "") throw new Error(`${absolute} is not inside ${dir}`);
  return relative;
}

const GLOB = new Map([
  ["**/", "(?:.*/)?"],
  ["**", ".*"],
  ["*", "[^/]*"],
  ["?", "[^/]"],
]);

/** .dockerignore patterns: `*`, `**` and `?` globs relative to the context root, `!` re-includes. */
export function dockerIgnore(text: string): (relativePath: string) => boolean {
  const rules = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const negate = line.startsWith("!");
      const pattern = path.posix.normalize((negate ? line.slice(1) : line).replace(/^\/+/, "")).replace(/\/+$/, "");
      const source = pattern
        .split(/(\*\*\/|\*\*|\*|\?)/)
        .map((part) => GLOB.get(part) ?? part.replace(/[.+^${}()|[\]\\]/g, "\\$&"))
        .join("");
      // A pattern that names a folder excludes everything in it too.
      return { negate, regex: new RegExp(`^${source}(?:/.*)?$`) };
    });
  return (relativePath) => {
    let ignored = false;
    for (const rule of rules) if (rule.regex.test(relativePath)) ignored = !rule.negate;
    return ignored;
  };
}

/** Copies like Docker's COPY: a folder's contents into dest, a file into dest (or dest/ when it ends with / or there are several). */
export function replayCopy(sourcePaths: string[], destInTarget: string, destIsFolder: boolean): void {
  for (const source of sourcePaths) {
    const stat = fs.statSync(source);
    if (stat.isDirectory()) {
      fs.cpSync(source, destInTarget, { recursive: true });
    } else {
      const target = destIsFolder ? path.join(destInTarget, path.basename(source)) : destInTarget;
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(source, target);
    }
  }
}
