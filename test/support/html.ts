/**
 * Reading a server-rendered page the way a person (or a crawler) reads it: its title, the
 * visible text of a region, its links, and the router's hydration payload.
 */
import { createHash } from "node:crypto";

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === "#") {
      const code =
        entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/** The text a reader sees in a piece of markup: no scripts, no tags, entities decoded, spaces collapsed. */
export function visibleText(html: string): string {
  return decodeEntities(
    html
      .replace(/<script\b[\s\S]*?<\/script>/gi, "")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, ""),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** Collapses whitespace so a content string can be compared with visibleText(). */
export function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export function titleOf(html: string): string | undefined {
  const match = /<title>([\s\S]*?)<\/title>/i.exec(html);
  return match ? decodeEntities(match[1]) : undefined;
}

/** The markup of the first element `<tag ...class="...name...">` up to its matching close tag. */
export function elementByClass(html: string, tag: string, className: string): string | undefined {
  const open = new RegExp(`<${tag}\\b[^>]*class="[^"]*\\b${className}\\b[^"]*"[^>]*>`, "i");
  const start = open.exec(html);
  if (!start) return undefined;
  // Count nested tags of the same name to find the matching close.
  const any = new RegExp(`<(/?)${tag}\\b[^>]*>`, "gi");
  any.lastIndex = start.index;
  let depth = 0;
  for (let m = any.exec(html); m; m = any.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return html.slice(start.index, m.index + m[0].length);
  }
  return undefined;
}

/** The page's `<main>` element. */
export function mainOf(html: string): string {
  const match = /<main\b[\s\S]*?<\/main>/i.exec(html);
  if (!match) throw new Error("The page has no <main> element");
  return match[0];
}

/** Every `href` in a piece of markup, entities decoded. */
export function hrefsOf(html: string): string[] {
  return [...html.matchAll(/\shref="([^"]*)"/g)].map((m) => decodeEntities(m[1]));
}

/** `href` of each anchor, keyed by its visible text. */
export function linksOf(html: string): Array<{ text: string; href: string }> {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi)].map((m) => ({
    text: visibleText(m[2]),
    href: decodeEntities(/\shref="([^"]*)"/.exec(m[1])?.[1] ?? ""),
  }));
}

export interface ScriptTag {
  attributes: string;
  body: string;
}

export function scriptsOf(html: string): ScriptTag[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((m) => ({ attributes: m[1], body: m[2] }));
}

export function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(attributes);
  return match ? decodeEntities(match[1]) : undefined;
}

/** The page's `<meta>` tags with a content: each name or property, with every content given for it, in order. */
export function metaTags(html: string): Record<string, string[]> {
  const head = html.slice(0, html.indexOf("</head>"));
  const meta: Record<string, string[]> = {};
  for (const tag of head.match(/<meta (?:property|name)="[^"]+" content="[^"]*">/g) ?? []) {
    const key = attribute(tag, "property") ?? attribute(tag, "name")!;
    meta[key] ??= [];
    meta[key].push(attribute(tag, "content")!);
  }
  return meta;
}

export interface HydrationData {
  loaderData: Record<string, unknown>;
  actionData: unknown;
  errors: Record<
    string,
    { status?: number; statusText?: string; data?: unknown; message?: string; __type?: string }
  > | null;
}

/**
 * The router state the server embedded for hydration: the JSON data block of a page every
 * visitor shares (`<script type="application/json" id="router-hydration">`), or React Router's
 * own inline script (`window.__staticRouterHydrationData`) in a preview.
 */
export function hydrationData(html: string): HydrationData {
  const block = /<script type="application\/json" id="router-hydration">([\s\S]*?)<\/script>/.exec(html);
  if (block) return JSON.parse(block[1]) as HydrationData;
  const match = /window\.__staticRouterHydrationData = JSON\.parse\(("(?:[^"\\]|\\.)*")\);/.exec(html);
  if (!match) throw new Error("The page has no hydration payload");
  return JSON.parse(JSON.parse(match[1]) as string) as HydrationData;
}

/** A Content-Security-Policy header as directive → sources. */
export function cspDirectives(header: string | undefined): Record<string, string[]> {
  const directives: Record<string, string[]> = {};
  for (const part of (header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives[name.toLowerCase()] = sources;
  }
  return directives;
}

/**
 * The `'sha256-…'` sources a page's inline scripts need, computed here apart from the server's
 * own hashing: every `<script>` without `src` whose type the browser runs.
 */
export function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const script of scriptsOf(html)) {
    if (attribute(script.attributes, "src") !== undefined) continue;
    const type = attribute(script.attributes, "type") ?? "";
    if (!["", "module", "text/javascript", "speculationrules", "importmap"].includes(type)) continue;
    sources.add(`'sha256-${createHash("sha256").update(script.body).digest("base64")}'`);
  }
  return [...sources];
}
