/**
 * `snippet:read`: the code Slice Machine shows beside a field, written with this site's parts
 * (RichText, ResponsiveImage, ResolvedLink, EmbedFacade, Slices) rather than @prismicio/react's.
 */
import type { SnippetReadHook } from "@slicemachine/plugin-kit";
import type { PluginOptions } from "../types.ts";

const LABEL = "React (this site's parts)";

export const snippetRead: SnippetReadHook<PluginOptions> = async (data) => {
  const path = data.fieldPath.join(".");
  const snippet = (code: string) => ({ label: LABEL, language: "tsx", code });
  switch (data.model.type) {
    case "StructuredText":
      return snippet(`<RichText field={${path}} />`);
    case "Image":
      return snippet(`<ResponsiveImage field={${path}} sizes="100vw" />`);
    case "Link":
      return snippet(`<ResolvedLink field={${path}}>Link</ResolvedLink>`);
    case "Embed":
      return snippet(`<EmbedFacade embed={${path}} />`);
    case "Group":
      return snippet(
        `{${path}.map((${data.itemName ?? "item"}, i) => (\n  <div key={i}>{/* the ${data.itemName ?? "item"}'s fields */}</div>\n))}`,
      );
    case "Slices":
      return snippet(`<Slices slices={${path}} />`);
    case "GeoPoint":
      return snippet(`{${path}.latitude}, {${path}.longitude}`);
    case "Boolean":
      return snippet(`{${path} ? "yes" : "no"}`);
    default:
      return snippet(`{${path}}`);
  }
};
