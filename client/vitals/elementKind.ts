/**
 * The kind of a page's element in our own vocabulary (shared/vitals/elementKinds.ts; decision
 * record 026): what a field report says of its LCP element, its slowest interaction's control and
 * its largest shift's source, in place of the selector web-vitals' attribution would build, so no
 * selector, text or URL leaves the page. A view's `data-vitals-kind` says it where the element's
 * own tag cannot (the hero's image, the menu's button, a carousel's controls); the rest follows
 * from the tag: headings, text, form fields, links, and an image inside a link is a card's. What
 * is shown (an LCP element, a shift's source) and what is pressed (an interaction's target) are
 * read apart: a card's image is a card-image when painted and a link when tapped.
 */
import { CONTROL_KINDS, type ElementKind, isElementKind, KIND_ATTRIBUTE } from "../../shared/vitals/elementKinds";

const CONTROLS = "a[href],button,summary,input,select,textarea,label,[role=button]";
const FORM_FIELDS = new Set(["INPUT", "SELECT", "TEXTAREA", "LABEL"]);
const IMAGES = new Set(["IMG", "PICTURE", "VIDEO", "SVG", "CANVAS", "IMAGE"]);
/** The consent prompt's own markup (client/consent/consentDialog.ts and the privacy choices' page). */
const CONSENT = ".consent-dialog,.consent-notice,.privacy-choices,.privacy-choices-button";

function fromControl(control: Element): ElementKind {
  if (control.closest(CONSENT)) return "consent-button";
  if (FORM_FIELDS.has(control.tagName) || control.closest("form")) return "form-control";
  if (control.tagName === "A") return "link";
  return "other";
}

function fromContent(element: Element): ElementKind {
  const tag = element.tagName.toUpperCase();
  if (IMAGES.has(tag) || element.closest("picture")) return element.closest("a[href]") ? "card-image" : "other";
  if (/^H[1-6]$/.test(tag) || element.closest("h1,h2,h3,h4,h5,h6")) return "heading-text";
  if (element.closest("form")) return "form-control";
  // Text that is not a heading: a paragraph, a list, a quote, a caption.
  return element.textContent?.trim() ? "body-text" : "other";
}

const elementOf = (node: Node | null | undefined) =>
  node ? (node.nodeType === 1 ? (node as Element) : node.parentElement) : null;

/** The view's tag on the element or the nearest container, if it is a word of the vocabulary. */
function taggedKind(element: Element): { kind: ElementKind; at: Element } | undefined {
  const at = element.closest(`[${KIND_ATTRIBUTE}]`);
  const kind = at?.getAttribute(KIND_ATTRIBUTE);
  return at && isElementKind(kind) ? { kind, at } : undefined;
}

/** What is shown, for an LCP element or a layout shift's source: an image or text (`other` when gone). */
export function contentKind(node: Node | null | undefined): ElementKind {
  const element = elementOf(node);
  if (!element) return "other";
  const tagged = taggedKind(element);
  if (tagged && !CONTROL_KINDS.includes(tagged.kind)) return tagged.kind;
  return fromContent(element);
}

/** What was tapped, clicked or typed into, for an interaction's target (`other` when gone). */
export function controlKind(node: Node | null | undefined): ElementKind {
  const element = elementOf(node);
  if (!element) return "other";
  const tagged = taggedKind(element);
  const control = element.closest(CONTROLS);
  // A control inside a tagged area of content (the hero's film button) is a control; a tag of a
  // control kind covers the controls inside it (a carousel's two buttons).
  const controlIsNearer =
    control !== null && tagged !== undefined && tagged.at !== control && tagged.at.contains(control);
  if (tagged && !(controlIsNearer && !CONTROL_KINDS.includes(tagged.kind))) return tagged.kind;
  return control ? fromControl(control) : "other";
}
