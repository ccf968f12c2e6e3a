/**
 * @jest-environment jsdom
 */
/**
 * The kind of element a field report names (client/vitals/elementKind.ts,
 * shared/vitals/elementKinds.ts): from the views' few `data-vitals-kind` tags, else from the
 * element's own tag; only a word of our vocabulary, never anything of the page's.
 */
import { contentKind, controlKind } from "../client/vitals/elementKind";
import { ELEMENT_KINDS } from "../shared/vitals/elementKinds";

beforeEach(() => {
  document.body.innerHTML = `
    <header><details class="mobile-menu"><summary class="mobile-menu__toggle" data-vitals-kind="menu-button"><span id="menu-label">Menu</span></summary></details></header>
    <section class="hero"><h1 id="heading">Kitchens <em id="em">made</em> to measure</h1><p id="copy">Since 1987.</p>
      <div class="hero__media" data-vitals-kind="hero-image"><picture><img id="hero" src="/h.jpg" alt=""></picture><button id="film">Watch the film</button></div></section>
    <section class="image-gallery__carousel"><div data-vitals-kind="carousel-control"><button id="next"><svg id="arrow"></svg></button></div>
      <section data-vitals-kind="gallery-image"><div><img id="slide" src="/s.jpg" alt=""></div></section></section>
    <a href="/gallery/canal-house" id="card"><img id="card-image" src="/c.jpg" alt=""><span id="card-title">Canal house</span></a>
    <img id="loose" src="/l.jpg" alt="">
    <form><label id="label">Email <input id="email"></label><button id="send">Send</button></form>
    <dialog class="consent-dialog" open><button id="accept">Accept</button></dialog>
    <div id="empty"></div>
    <div id="made-up" data-vitals-kind="selector #secret"><p id="inside">Text</p></div>`;
});

const element = (id: string) => document.getElementById(id);

test.each([
  ["heading", "heading-text"],
  ["em", "heading-text"],
  ["copy", "body-text"],
  ["hero", "hero-image"],
  ["slide", "gallery-image"],
  ["card-image", "card-image"],
  ["card-title", "body-text"],
  ["loose", "other"],
  ["email", "form-control"],
  ["empty", "other"],
  ["inside", "body-text"],
])("shown: #%s is of kind %s", (id, kind) => {
  expect(contentKind(element(id))).toBe(kind);
});

test.each([
  ["menu-label", "menu-button"],
  ["film", "other"],
  ["next", "carousel-control"],
  ["arrow", "carousel-control"],
  ["slide", "gallery-image"],
  ["card-image", "link"],
  ["card-title", "link"],
  ["label", "form-control"],
  ["email", "form-control"],
  ["send", "form-control"],
  ["accept", "consent-button"],
  ["copy", "other"],
  ["inside", "other"],
])("pressed: #%s is of kind %s", (id, kind) => {
  expect(controlKind(element(id))).toBe(kind);
});

test("a text node is its element's kind; no node, or one removed, is other", () => {
  expect(contentKind(element("copy")?.firstChild)).toBe("body-text");
  expect(controlKind(element("menu-label")?.firstChild)).toBe("menu-button");
  for (const kind of [contentKind, controlKind]) {
    expect(kind(null)).toBe("other");
    expect(kind(undefined)).toBe("other");
    expect(kind(document.createElement("img"))).toBe("other");
  }
});

test("whatever the page holds, the answer is a word of the vocabulary", () => {
  for (const each of document.querySelectorAll("*")) {
    expect(ELEMENT_KINDS).toContain(contentKind(each));
    expect(ELEMENT_KINDS).toContain(controlKind(each));
  }
});
