/**
 * A content folder whose every field tries to break out: script end tags, `javascript:`
 * links, `onerror=` attributes, U+2028, template syntax. The site must render it as text.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadDocuments } from "../../packages/prismic-stand-in/src/index";
import { ROOT } from "./testApp";

export const PAYLOADS = [
  "</script><script>window.__pwned=1;alert(1)</script>",
  '"><img src=x onerror="window.__pwned=2;alert(2)">',
  "' onmouseover='window.__pwned=3",
  "\u2028\u2029 line separators",
  "{{constructor.constructor('window.__pwned=4')()}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a hostile payload: template syntax that must stay inert
  "${window.__pwned=5}",
];
export const HOSTILE = PAYLOADS.join(" ");

const rich = (extra: object[] = []) => [
  { type: "heading2", text: HOSTILE, spans: [] },
  {
    type: "paragraph",
    text: `click me ${HOSTILE}`,
    spans: [
      { start: 0, end: 8, type: "hyperlink", data: { link_type: "Web", url: "javascript:window.__pwned=6;alert(6)" } },
      { start: 9, end: 20, type: "label", data: { label: '"><script>window.__pwned=7</script>' } },
    ],
  },
  // Malformed as Prismic's API may send it: no spans, spans null, a null node, a span past the text.
  { type: "paragraph", text: "A paragraph without spans" },
  { type: "list-item", text: "An item with spans null", spans: null },
  null,
  {
    type: "paragraph",
    text: "short",
    spans: [
      { start: 2, end: 500, type: "strong" },
      { start: 1, type: "em" },
    ],
  },
  ...extra,
];

/** The demo content, with the gb home, one article and the gb primary navigation made hostile. */
export function writeHostileContent(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-hostile-"));
  const docs = loadDocuments(path.join(ROOT, "content"));
  for (const doc of docs) {
    const data = doc.data as Record<string, unknown> & { slices?: Array<Record<string, any>> };
    if (doc.lang === "en-gb" && (doc.type === "home" || (doc.type === "article" && doc.uid === "choosing-a-worktop"))) {
      data.title = HOSTILE;
      data.meta_title = HOSTILE;
      data.meta_description = HOSTILE;
      if (doc.type === "article") {
        data.author = HOSTILE;
        data.body = rich([
          {
            type: "embed",
            oembed: {
              embed_url: "javascript:window.__pwned=8",
              type: "video",
              title: HOSTILE,
              provider_name: HOSTILE,
              html: '<img src=x onerror="window.__pwned=9;alert(9)"><script>window.__pwned=10</script>',
            },
          },
        ]);
      }
      if (doc.type === "home" && data.slices?.[0]) {
        data.slices[0].primary.heading = HOSTILE;
        data.slices[0].primary.eyebrow = HOSTILE;
        data.slices[0].primary.subheading = rich();
        data.slices[0].primary.cta_link = { link_type: "Web", url: "javascript:window.__pwned=11" };
        if (data.slices[0].primary.image?.alt !== undefined) data.slices[0].primary.image.alt = HOSTILE;
      }
    }
    if (doc.lang === "en-gb" && doc.type === "navigation" && doc.uid === "primary-nav") {
      const body = data.body as Array<{ primary: { title: Array<{ text: string }> }; items: Array<{ label: string }> }>;
      body[0].items[0].label = HOSTILE;
    }
    const file = path.join(dir, doc.lang, doc.type, `${doc.uid ?? doc.type}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(doc));
  }
  fs.cpSync(path.join(ROOT, "content", "media"), path.join(dir, "media"), { recursive: true });
  return dir;
}
