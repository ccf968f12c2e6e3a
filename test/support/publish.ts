/** Publishing in tests: the demo documents with one change, as a new master ref of the embedded repository. */
import path from "node:path";
import type { PrismicDocument } from "@prismicio/client";
import { loadDocuments } from "../../packages/prismic-stand-in/src/index";
import { ROOT } from "./testApp";

/** The demo content with the en-gb home hero's heading replaced. */
export function demoWithHomeHeading(heading: string): PrismicDocument[] {
  return loadDocuments(path.join(ROOT, "content")).map((doc) => {
    if (doc.type !== "home" || doc.lang !== "en-gb") return doc;
    const copy = structuredClone(doc);
    (copy.data as { slices: Array<{ primary: { heading: string } }> }).slices[0].primary.heading = heading;
    return copy;
  });
}

/** The demo content with the en-gb primary menu's first link relabelled: every gb page reads the menus. */
export function demoWithMenuLabel(label: string): PrismicDocument[] {
  return loadDocuments(path.join(ROOT, "content")).map((doc) => {
    if (doc.type !== "navigation" || doc.lang !== "en-gb" || doc.uid !== "primary-nav") return doc;
    const copy = structuredClone(doc);
    (copy.data as { body: Array<{ items: Array<{ label: string }> }> }).body[0].items[0].label = label;
    return copy;
  });
}
