#!/usr/bin/env node
/**
 * Pins each image of the deploy files by digest, keeping its tag: `nginx:1.27` becomes
 * `nginx:1.27@sha256:…`, the digest the registry answers for that tag now (a pinned reference is
 * pinned again, to the tag's current digest). Run at release, where the registries are reachable:
 *
 *   node deploy/pin-images.mjs [file…]      # default: deploy/compose.yaml, deploy/kubernetes/deployment.yaml and varnish.yaml
 *
 * Digests are read with `crane digest` (go-containerregistry's crane, with the registry logins
 * of docker's config); without crane, or when any tag cannot be read, nothing is changed. An image
 * line ending in `# built here` (Compose builds it from this repository) is left as it is.
 * deploy/README.md, "Images pinned by digest".
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_FILES = [
  path.join(HERE, "compose.yaml"),
  path.join(HERE, "kubernetes", "deployment.yaml"),
  path.join(HERE, "kubernetes", "varnish.yaml"),
];
/** `image: ref` in YAML, as a key or a list item, with an optional comment. */
const IMAGE_LINE = /^(\s*(?:-\s+)?image:\s*)(["']?)([^\s"'#]+)\2(\s*(?:#.*)?)$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;

function fail(message) {
  console.error(`pin-images: ${message}; nothing was changed`);
  process.exit(1);
}

/** `name:tag` of a reference, without any digest; undefined when it has no tag. */
function taggedName(ref) {
  const [nameAndTag] = ref.split("@");
  const lastSlash = nameAndTag.lastIndexOf("/");
  return nameAndTag.lastIndexOf(":") > lastSlash ? nameAndTag : undefined;
}

function digestOf(tagged) {
  const result = spawnSync("crane", ["digest", tagged], { encoding: "utf8" });
  if (result.error?.code === "ENOENT") fail("crane (go-containerregistry's registry tool) is not installed");
  const digest = (result.stdout ?? "").trim();
  if (result.status !== 0 || !DIGEST.test(digest))
    fail(`the registry gave no digest for ${tagged}: ${(result.stderr || digest).trim()}`);
  return digest;
}

const files = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_FILES;
const rewritten = new Map();
const digests = new Map();
for (const file of files) {
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const out = lines.map((line) => {
    const match = IMAGE_LINE.exec(line);
    if (!match || /#\s*built here/.test(match[4])) return line;
    const [, lead, quote, ref, tail] = match;
    const tagged = taggedName(ref);
    if (!tagged) fail(`${file}: ${ref} has no tag to keep beside its digest`);
    if (!digests.has(tagged)) digests.set(tagged, digestOf(tagged));
    return `${lead}${quote}${tagged}@${digests.get(tagged)}${quote}${tail}`;
  });
  rewritten.set(file, out.join("\n"));
}
// Written only once every digest was read.
for (const [file, text] of rewritten) fs.writeFileSync(file, text);
for (const [tagged, digest] of digests) console.log(`${tagged} → ${tagged}@${digest}`);
