import type { ReactNode } from "react";
import { PrismicRichText, type RichTextComponents } from "@prismicio/react";
import type { ImageField, RichTextField } from "@prismicio/client";
import { anchorIds } from "../../shared/anchors";
import { useLinkResolver } from "../siteData";
import { EmbedFacade } from "./EmbedFacade";
import { editorLevel, headingOutline, type HeadingLevel } from "./headingOutline";
import { ResponsiveImage } from "./ResponsiveImage";
import { renderableRichText } from "./richTextNodes";
import { SiteLink } from "./SiteLink";

/** Images in running text are drawn at the reading measure at most. */
const INLINE_IMAGE_SIZES = "(min-width: 960px) 68ch, 100vw";

/**
 * Rich text through @prismicio/react with our link resolution. A hyperlink whose target
 * resolves to nothing (empty or unsafe, e.g. `javascript:`) is rendered as plain text;
 * images are responsive and lazy; an embed is a click-to-load facade, never provider HTML.
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
  const resolve = useLinkResolver();
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
    embed: ({ node, key }) => <EmbedFacade key={key} embed={node.oembed} />,
  };
  const nodes = renderableRichText(field);
  if (!nodes.length) return null;
  return (
    <div className={className ?? "rich-text"}>
      <PrismicRichText field={nodes} components={components} />
    </div>
  );
}
