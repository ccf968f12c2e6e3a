/**
 * Rich text (docs/behaviour.md section 3.7): every node type renders, links go through our resolver, unsafe links become
 * text, and a malformed node (Prismic's API may leave `spans` out) costs only itself, never the page.
 */
import type { RichTextField } from "@prismicio/client";
import { RichText } from "../views/parts/RichText";
import { renderInSite } from "./support/renderInSite";

const span = (start: number, end: number, type: string, data?: unknown) => ({
  start,
  end,
  type,
  ...(data ? { data } : {}),
});
const block = (type: string, text: string, spans: unknown[] = []) => ({ type, text, spans });

const everything = [
  block("heading1", "Heading one"),
  block("heading2", "Heading two"),
  block("heading3", "Heading three"),
  block("heading4", "Heading four"),
  block("heading5", "Heading five"),
  block("heading6", "Heading six"),
  block("paragraph", "Bold and italic words", [span(0, 4, "strong"), span(9, 15, "em")]),
  block("preformatted", "const x = 1;\n  indented"),
  block("list-item", "First bullet"),
  block("list-item", "Second bullet"),
  block("o-list-item", "First step"),
  block("o-list-item", "Second step"),
  block("paragraph", "A label here", [span(2, 7, "label", { label: "highlight" })]),
  {
    type: "image",
    url: "http://localhost/media/oak.jpg",
    alt: "Oak door",
    copyright: null,
    dimensions: { width: 2400, height: 1600 },
  },
  {
    type: "image",
    url: "http://localhost/media/walnut.jpg",
    alt: "Walnut door",
    copyright: null,
    dimensions: { width: 1200, height: 800 },
    linkTo: { link_type: "Document", id: "x", type: "gallery_project", uid: "braybrook-st", lang: "en-gb" },
  },
  {
    type: "embed",
    oembed: {
      embed_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      type: "video",
      provider_name: "YouTube",
      title: "Workshop tour",
      html: '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" onload="alert(1)"></iframe>',
    },
  },
] as unknown as RichTextField;

describe("rich text", () => {
  let html: string;
  beforeAll(async () => {
    html = await renderInSite(<RichText field={everything} />);
  });

  test("renders every heading level, at levels that never skip, each looking like the level the editor chose", () => {
    // heading1..heading6 in a row, under the page's h1: h2..h6, and the deepest stays h6.
    for (const [editor, rendered] of [
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
      [5, 6],
      [6, 6],
    ]) {
      const name = ["one", "two", "three", "four", "five", "six"][editor - 1];
      expect(html).toContain(`<h${rendered} id="heading-${name}" class="rt-h${editor}">Heading ${name}</h${rendered}>`);
    }
  });

  test("gives every heading an anchor id from its text, for links to a part of the page", () => {
    expect(html.match(/<h[1-6] id="heading-[a-z]+"/g)).toHaveLength(6);
  });

  test("renders paragraphs with strong and em", () => {
    expect(html).toContain("<p><strong>Bold</strong> and <em>italic</em> words</p>");
  });

  test("renders preformatted text in <pre>, keeping its line breaks, as a named Tab stop (it may scroll)", () => {
    expect(html).toContain(
      '<pre tabindex="0" role="region" aria-label="Preformatted text, scrolls sideways">const x = 1;\n  indented</pre>',
    );
  });

  test("groups list items into <ul> and ordered items into <ol>", () => {
    expect(html).toMatch(/<ul><li>First bullet<\/li><li>Second bullet<\/li><\/ul>/);
    expect(html).toMatch(/<ol><li>First step<\/li><li>Second step<\/li><\/ol>/);
  });

  test("renders a label span as a span with the label's class", () => {
    expect(html).toContain('A <span class="highlight">label</span> here');
  });

  test("renders images with alt text, and an image with linkTo inside a resolved link", () => {
    expect(html).toMatch(/<img[^>]+alt="Oak door"/);
    expect(html).toMatch(/<a href="\/gallery\/braybrook-st"[^>]*><img[^>]+alt="Walnut door"/);
    expect(html).toMatch(/<img[^>]+srcSet="[^"]*width=640 640w/);
    expect(html).toMatch(/<img[^>]+loading="lazy"/);
  });

  test("renders an embed as a click-to-load facade, never the provider's HTML", () => {
    expect(html).toContain("Workshop tour");
    expect(html).toContain("Play video");
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("onload");
  });
});

describe("hyperlinks in rich text", () => {
  const para = (data: unknown) =>
    [block("paragraph", "see our samples", [span(4, 15, "hyperlink", data)])] as unknown as RichTextField;

  test("a document link is resolved by the site's link resolver", async () => {
    const html = await renderInSite(
      <RichText field={para({ link_type: "Document", id: "s", type: "sample_page", lang: "en-gb" })} />,
    );
    expect(html).toMatch(/<a href="\/materials\/samples"[^>]*>our samples<\/a>/);
  });

  test("an en-us document link gets the /us prefix", async () => {
    const html = await renderInSite(
      <RichText field={para({ link_type: "Document", id: "a", type: "article", uid: "oak", lang: "en-us" })} />,
      { path: "/us" },
    );
    expect(html).toMatch(/<a href="\/us\/info\/blog\/oak"[^>]*>our samples<\/a>/);
  });

  test("an external web link opens safely in a new tab", async () => {
    const html = await renderInSite(<RichText field={para({ link_type: "Web", url: "https://fsc.org/" })} />);
    expect(html).toMatch(/<a href="https:\/\/fsc.org\/" rel="noopener noreferrer" target="_blank">our samples<\/a>/);
  });

  test.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:x",
    "//evil.example",
  ])("a %s link is dropped to plain text", async (url) => {
    const html = await renderInSite(<RichText field={para({ link_type: "Web", url })} />);
    expect(html).toContain("see <span>our samples</span>");
    expect(html).not.toContain("<a ");
  });

  test("mailto and tel links are kept", async () => {
    const html = await renderInSite(<RichText field={para({ link_type: "Web", url: "mailto:hello@example.com" })} />);
    expect(html).toContain('href="mailto:hello@example.com"');
  });
});

describe("the outline of rich-text headings, whatever the editor wrote", () => {
  const headings = (levels: number[]) =>
    levels.map((l, i) => block(`heading${l}`, `H${i}`)) as unknown as RichTextField;
  const rendered = async (levels: number[], headingLevel?: 2 | 3 | 4) =>
    [
      ...(await renderInSite(<RichText field={headings(levels)} headingLevel={headingLevel} />)).matchAll(
        /<h([1-6]) [^>]*class="rt-h([1-6])"/g,
      ),
    ].map((m) => [Number(m[1]), Number(m[2])]);

  test("an h4 after an h2 (the article planning-a-pantry) becomes an h3, and keeps the h4's look", async () => {
    expect(await rendered([2, 4, 4, 2, 3])).toEqual([
      [2, 2],
      [3, 4],
      [3, 4],
      [2, 2],
      [3, 3],
    ]);
  });

  test("the view decides where the field's outline starts: under a slice's h2 the first heading is an h3", async () => {
    expect(await rendered([2, 3], 3)).toEqual([
      [3, 2],
      [4, 3],
    ]);
    expect(await rendered([4, 6, 5], 3)).toEqual([
      [3, 4],
      [4, 6],
      [4, 5],
    ]);
  });

  test("a heading1 in the copy never becomes a second h1", async () => {
    expect(await rendered([1, 1, 2])).toEqual([
      [2, 1],
      [2, 1],
      [3, 2],
    ]);
  });

  test("for any sequence of levels: the first at the view's level, never a skip, never above the view's level, never past h6", async () => {
    const { default: fc } = await import("fast-check");
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 12 }),
        fc.constantFrom(2 as const, 3 as const, 4 as const),
        async (levels, start) => {
          const out = (await rendered(levels, start)).map(([level]) => level);
          expect(out).toHaveLength(levels.length);
          expect(out[0]).toBe(start);
          out.forEach((level, i) => {
            expect(level).toBeGreaterThanOrEqual(start);
            expect(level).toBeLessThanOrEqual(6);
            if (i > 0) expect(level).toBeLessThanOrEqual(out[i - 1] + 1);
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("rich text as Prismic's API may send it: what can be rendered is, the rest is left out", () => {
  const render = (nodes: unknown[]) => renderInSite(<RichText field={nodes as unknown as RichTextField} />);

  test("a text node without spans (or with spans null) renders its text", async () => {
    const html = await render([
      { type: "heading2", text: "A heading without spans" },
      { type: "paragraph", text: "A paragraph without spans" },
      { type: "list-item", text: "An item without spans" },
      { type: "o-list-item", text: "A step with spans null", spans: null },
      { type: "preformatted", text: "pre without spans" },
    ]);
    expect(html).toContain('<h2 id="a-heading-without-spans" class="rt-h2">A heading without spans</h2>');
    expect(html).toContain("<p>A paragraph without spans</p>");
    expect(html).toContain("<ul><li>An item without spans</li></ul>");
    expect(html).toContain("<ol><li>A step with spans null</li></ol>");
    expect(html).toContain(">pre without spans</pre>");
  });

  test("null nodes, nodes without a type or text, images without a URL or size and embeds without oEmbed are left out", async () => {
    const html = await render([
      null,
      "a string",
      { text: "no type" },
      { type: "paragraph", text: 42, spans: [] },
      { type: "image", alt: "no url" },
      { type: "image", url: "http://localhost/media/x.jpg", alt: "no dimensions" },
      { type: "embed" },
      { type: "paragraph", text: "Still here", spans: [] },
    ]);
    expect(html).toBe('<div class="rich-text"><p></p><p>Still here</p></div>');
  });

  test("a span that is malformed, backwards or past the text is dropped; one running past the end is cut at it", async () => {
    const html = await render([
      {
        type: "paragraph",
        text: "backwards label link tail",
        spans: [
          null,
          { start: 5, end: 2, type: "em" },
          { start: 10, end: 15, type: "label" },
          { start: 16, end: 20, type: "hyperlink" },
          { start: 21, end: 99, type: "strong" },
          { start: 300, end: 310, type: "em" },
          { start: "0", end: 3, type: "em" },
        ],
      },
    ]);
    expect(html).toContain("<p>backwards label link <strong>tail</strong></p>");
  });

  test("nothing usable at all renders nothing, as an empty field does", async () => {
    expect(await render([null, { type: "image" }])).toBe("");
    expect(await renderInSite(<RichText field={"text" as unknown as RichTextField} />)).toBe("");
  });
});

describe("a frozen field (one content version's, shared by every render of it)", () => {
  const deepFreeze = <T,>(value: T): T => {
    if (typeof value === "object" && value !== null) {
      for (const child of Object.values(value)) deepFreeze(child);
      Object.freeze(value);
    }
    return value;
  };
  const link = { link_type: "Document", id: "p1", type: "page", uid: "shaker", lang: "en-gb" };
  const nodes = () => [
    block("heading2", "Planning"),
    block("paragraph", "see the shaker kitchen", [span(8, 22, "hyperlink", link)]),
  ];
  const frozen = deepFreeze(nodes()) as unknown as RichTextField;
  const kitchens = deepFreeze({ p1: "kitchens" });
  const furniture = deepFreeze({ p1: "furniture" });

  test("renders as a fresh copy does, for each region, section index and heading level, every time", async () => {
    for (let round = 0; round < 2; round++)
      for (const path of ["/", "/us"])
        for (const sections of [kitchens, furniture])
          for (const headingLevel of [2, 3] as const) {
            const kept = await renderInSite(<RichText field={frozen} headingLevel={headingLevel} />, {
              path,
              sections,
            });
            const fresh = await renderInSite(
              <RichText field={nodes() as unknown as RichTextField} headingLevel={headingLevel} />,
              { path, sections: { ...sections } },
            );
            expect(kept).toBe(fresh);
            expect(kept).toContain(`<h${headingLevel} `);
            expect(kept).toContain(`href="/${sections.p1}/shaker"`);
          }
  });
});
