import type { ReactNode } from "react";
import { PrismicRichText, type RichTextComponents } from "@prismicio/react";
import type { ImageField, RichTextField } from "@prismicio/client";
import { anchorIds } from "../../shared/anchors";
import { resolveLink, type LinkLike } from "../../shared/linkResolver";
import { useLinkScope } from "../siteData";
import { EmbedFacade } from "./EmbedFacade";
import { editorLevel, headingOutline, type HeadingLevel } from "./headingOutline";
import { ResponsiveImage } from "./ResponsiveImage";
import { renderableRichText } from "./richTextNodes";
import { SiteLink } from "./SiteLink";

/**
 * The name of a block of preformatted text. It keeps its lines, so on a phone it may scroll
 * sideways: it is a Tab stop the arrow keys scroll, and a Tab stop needs a name and a role
 * (docs/accessibility.md, "Focus").
 */
const PREFORMATTED_NAME = "Preformatted text, scrolls sideways";

/** Images in running text are drawn at the reading measure at most. */
const INLINE_IMAGE_SIZES = "(min-width: 960px) 68ch, 100vw";

/**
 * Rich text through @prismicio/react with our link resolution. A hyperlink whose target
 * resolves to nothing (empty or unsafe, e.g. `javascript:`) is rendered as plain text;
 * images are responsive and lazy; preformatted text is a named Tab stop (it may scroll); an embed is a click-to-load facade, never provider HTML.
 * Headings are rendered at levels that keep the page's outline valid (views/parts/headingOutline.ts):
 * the first at `headingLevel`, the level the view gives its copy (2 under the page's h1, one
 * below a slice's own heading), and they look like what the editor chose (`rt-h{n}`). Headings
 * get an anchor id from their text, for links to a part of a page. Malformed nodes (a missing
 * `spans`, a span past its text) are mended or left out first (views/parts/richTextNodes.ts).
 */
export function RichText({
  field,
  className,
  headingLevel = 2,
}: {
  field: RichTextField | null | undefined;
  className?: string;
  /** The level of the field's first heading: the view's outline decides it. */
  headingLevel?: HeadingLevel;
}) {
  const { sections, locale } = useLinkScope();
  const build = () => richTextElements(field, className, headingLevel, (link) => resolveLink(link, sections, locale));
  // A frozen field and frozen sections belong to one content version, shared by every render of it.
  if (!Array.isArray(field) || !Object.isFrozen(field) || !Object.isFrozen(sections)) return build();
  let bySections = keptElements.get(field);
  if (!bySections) {
    bySections = new WeakMap();
    keptElements.set(field, bySections);
  }
  let byKey = bySections.get(sections);
  if (!byKey) {
    byKey = new Map();
    bySections.set(sections, byKey);
  }
  const key = `${locale.code}\n${headingLevel}\n${className ?? ""}`;
  if (!byKey.has(key)) byKey.set(key, build());
  return byKey.get(key);
}

/**
 * The elements of frozen fields (a content version's), per the sections links resolve against,
 * the locale, the heading level and the class: built once (`@prismicio/react` builds a field's
 * tree again on every render, 2.5 % of a page's render: docs/capacity.md). Elements only describe what
 * to render; React renders them, and the components in them, anew each time.
 */
const keptElements = new WeakMap<object, WeakMap<object, Map<string, ReactNode>>>();

function richTextElements(
  field: RichTextField | null | undefined,
  className: string | undefined,
  headingLevel: HeadingLevel,
  resolve: (link: LinkLike | string | null | undefined) => string | null,
): ReactNode {
  const anchor = anchorIds();
  const outline = headingOutline(headingLevel);
  const heading = ({
    node,
    children,
    key,
  }: {
    node: { type: string; text: string };
    children: ReactNode;
    key: string;
  }) => {
    const chosen = editorLevel(node.type) ?? 2;
    const Tag = `h${outline(chosen)}` as const;
    return (
      <Tag key={key} id={anchor(node.text)} className={`rt-h${chosen}`}>
        {children}
      </Tag>
    );
  };
  const components: RichTextComponents = {
    heading1: heading,
    heading2: heading,
    heading3: heading,
    heading4: heading,
    heading5: heading,
    heading6: heading,
    hyperlink: ({ node, children, key }) => {
      const href = resolve(node.data);
      return href ? (
        <SiteLink key={key} href={href}>
          {children}
        </SiteLink>
      ) : (
        <span key={key}>{children}</span>
      );
    },
    image: ({ node, key }) => {
      const image = <ResponsiveImage field={node as unknown as ImageField} sizes={INLINE_IMAGE_SIZES} />;
      const href = node.linkTo ? resolve(node.linkTo) : null;
      return (
        <p key={key} className="rich-text__image">
          {href ? <SiteLink href={href}>{image}</SiteLink> : image}
        </p>
      );
    },
    preformatted: ({ node, key }) => (
      // biome-ignore lint/a11y/useSemanticElements: a region that keeps <pre>'s own meaning
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a Tab stop because the keyboard scrolls it
      <pre key={key} tabIndex={0} role="region" aria-label={PREFORMATTED_NAME}>
        {node.text}
      </pre>
    ),
    embed: ({ node, key }) => <EmbedFacade key={key} embed={node.oembed} />,
  };
  const nodes = renderableRichText(field);
  if (!nodes.length) return null;
  return (
    <div className={className ?? "rich-text"}>
      {/* Called rather than rendered as an element, so that the tree it serializes is what is kept
          above: in @prismicio/react 3 it is a plain function of its props (no hooks, never async).
          A browser's fields are never frozen, so there it runs on every render as before. */}
      {PrismicRichText({ field: nodes, components }) as ReactNode}
    </div>
  );
}
