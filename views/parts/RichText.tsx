import type { ReactNode } from "react";
import { PrismicRichText, type RichTextComponents } from "@prismicio/react";
import type { ImageField, RichTextField } from "@prismicio/client";
import { anchorIds } from "../../shared/anchors";
import { useLinkResolver } from "../siteData";
import { EmbedFacade } from "./EmbedFacade";
import { ResponsiveImage } from "./ResponsiveImage";
import { SiteLink } from "./SiteLink";

/** Images in running text are drawn at the reading measure at most. */
const INLINE_IMAGE_SIZES = "(min-width: 960px) 68ch, 100vw";

/**
 * Rich text through @prismicio/react with our link resolution. A hyperlink whose target
 * resolves to nothing (empty or unsafe, e.g. `javascript:`) is rendered as plain text;
 * images are responsive and lazy; an embed is a click-to-load facade, never provider HTML.
 * Headings from h2 down get an anchor id from their text, for links to a part of a page.
 */
export function RichText({ field, className }: { field: RichTextField | null | undefined; className?: string }) {
  const resolve = useLinkResolver();
  const anchor = anchorIds();
  const heading =
    (Tag: "h2" | "h3" | "h4" | "h5" | "h6") =>
    ({ node, children, key }: { node: { text: string }; children: ReactNode; key: string }) => (
      <Tag key={key} id={anchor(node.text)}>
        {children}
      </Tag>
    );
  const components: RichTextComponents = {
    heading2: heading("h2"),
    heading3: heading("h3"),
    heading4: heading("h4"),
    heading5: heading("h5"),
    heading6: heading("h6"),
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
  if (!field?.length) return null;
  return (
    <div className={className ?? "rich-text"}>
      <PrismicRichText field={field} components={components} />
    </div>
  );
}
