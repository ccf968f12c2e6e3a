/**
 * Which content coding a cached page is sent in, from `Accept-Encoding` read as RFC 9110 says:
 * exact coding names (case-insensitive; `x-br` or `brotli` is not `br`), each with its q-value,
 * `q=0` refusing a coding, `*` standing for every coding not named. The highest q wins; on a tie,
 * brotli (smallest), then gzip, then the page as it is. `identity` is acceptable unless refused
 * (below any coding named), and is what is sent when nothing else is acceptable.
 */
export type Encoding = "br" | "gzip" | "identity";

/** What a q-value may be written as (RFC 9110 section 12.4.2): 0 to 1, up to three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;
/** Browsers send a handful of distinct headers: their answers are kept, up to this many. */
const REMEMBERED = 64;
const remembered = new Map<string, Encoding>();

function parse(header: string): Encoding {
  const q: Record<string, number> = {};
  for (const part of header.split(",")) {
    const [rawName, ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value = ""] = param.split("=");
      if (key.trim().toLowerCase() !== "q") continue;
      const text = value.trim();
      // A malformed q-value makes the whole element unusable: ignored, as if not sent.
      weight = QVALUE.test(text) ? Number(text) : NaN;
    }
    if (!Number.isNaN(weight) && !(name in q)) q[name] = weight;
  }
  const star = q["*"];
  const br = q.br ?? star ?? 0;
  const gzip = q.gzip ?? star ?? 0;
  // Unnamed, the page as it is is acceptable but never preferred to a coding the client named.
  const identity = q.identity ?? star ?? Number.MIN_VALUE;
  const best = Math.max(br, gzip, identity);
  if (best <= 0) return "identity";
  return br === best ? "br" : gzip === best ? "gzip" : "identity";
}

/** The coding to send a page in for this `Accept-Encoding` header (absent: the page as it is). */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  let found = remembered.get(header);
  if (found === undefined) {
    found = parse(header);
    if (remembered.size < REMEMBERED) remembered.set(header, found);
  }
  return found;
}
