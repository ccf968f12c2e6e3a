/**
 * The React view Slice Machine's "create slice" writes (`views/slices/<Name>/index.tsx`): every
 * field of every variation rendered through the site's parts (RichText, ResponsiveImage,
 * ResolvedLink, EmbedFacade), typed with the generated slice type, ready to be styled. Variations
 * are told apart by `slice.variation`, so each block sees its own fields' types.
 */
import type { SharedSliceModel } from "@prismicio/client";
import { pascalCase } from "../lib/pascalCase.ts";

type FieldModel = {
  type: string;
  config?: { label?: string | null; fields?: Record<string, FieldModel> } & Record<string, unknown>;
};

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const access = (object: string, key: string) =>
  IDENTIFIER.test(key) ? `${object}.${key}` : `${object}[${JSON.stringify(key)}]`;
const kebab = (id: string) =>
  id
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/[_\s]+/g, "-")
    .toLowerCase();
const jsxText = (text: string) => text.replace(/[{}<>&]/g, (c) => `{${JSON.stringify(c)}}`);

/** The parts a view needs, collected while its fields are rendered. */
type Parts = Set<"RichText" | "ResponsiveImage" | "ResolvedLink" | "EmbedFacade">;

function renderField(
  object: string,
  key: string,
  field: FieldModel,
  block: string,
  parts: Parts,
  indent: string,
): string {
  const value = access(object, key);
  const className = `${block}__${kebab(key)}`;
  const label = jsxText(field.config?.label || key);
  switch (field.type) {
    case "StructuredText":
      parts.add("RichText");
      return `${indent}<RichText field={${value}} className="${className}" />`;
    case "Image":
      parts.add("ResponsiveImage");
      return `${indent}<ResponsiveImage field={${value}} sizes="(min-width: 1280px) 1200px, 100vw" className="${className}" />`;
    case "Link":
      parts.add("ResolvedLink");
      return `${indent}<ResolvedLink field={${value}} className="${className}"${field.config?.allowText ? " />" : `>\n${indent}  ${label}\n${indent}</ResolvedLink>`}`;
    case "Embed":
      parts.add("EmbedFacade");
      return `${indent}<EmbedFacade embed={${value}} />`;
    case "Boolean":
      return `${indent}<p className="${className}" data-value={String(${value})}>\n${indent}  ${label}: {${value} ? "yes" : "no"}\n${indent}</p>`;
    case "GeoPoint":
      return `${indent}{"latitude" in ${value} ? (\n${indent}  <p className="${className}">\n${indent}    {${value}.latitude}, {${value}.longitude}\n${indent}  </p>\n${indent}) : null}`;
    case "Group": {
      const item = "item";
      const fields = Object.entries(field.config?.fields ?? {});
      return [
        `${indent}<ul className="${className}">`,
        `${indent}  {(${value} ?? []).map((${item}, i) => (`,
        `${indent}    <li key={i}>`,
        ...fields.map(([subKey, subField]) =>
          renderField(item, subKey, subField, `${block}-item`, parts, `${indent}      `),
        ),
        `${indent}    </li>`,
        `${indent}  ))}`,
        `${indent}</ul>`,
      ].join("\n");
    }
    case "Number":
      return `${indent}{${value} != null ? <p className="${className}">{${value}}</p> : null}`;
    case "Text":
    case "Select":
    case "Color":
    case "Date":
    case "Timestamp":
      return `${indent}{${value} ? <p className="${className}">{${value}}</p> : null}`;
    default:
      // Table, IntegrationFields…: no part renders them yet.
      return `${indent}{/* ${key} (${field.type}): no part of the site renders this field type yet */}`;
  }
}

/** The view's source for a new slice model. */
export function sliceTemplate({ model }: { model: SharedSliceModel }): string {
  const name = pascalCase(model.name);
  // The generated types name a slice after its id (prismic-ts-codegen), the folder after its name.
  const sliceType = `${pascalCase(model.id)}Slice`;
  const block = kebab(name);
  const parts: Parts = new Set();
  const variations = model.variations.map((variation) => {
    const primary = Object.entries((variation.primary ?? {}) as Record<string, FieldModel>);
    const items = Object.entries((variation.items ?? {}) as Record<string, FieldModel>);
    const body = [
      ...primary.map(([key, field]) => renderField("slice.primary", key, field, block, parts, "          ")),
      ...(items.length
        ? [
            `          <ul className="${block}__items">`,
            "            {slice.items.map((item, i) => (",
            "              <li key={i}>",
            ...items.map(([key, field]) => renderField("item", key, field, `${block}-item`, parts, "                ")),
            "              </li>",
            "            ))}",
            "          </ul>",
          ]
        : []),
    ];
    return [
      `      {slice.variation === ${JSON.stringify(variation.id)} ? (`,
      "        <>",
      ...(body.length ? body : [`          {/* ${jsxText(variation.name)}: no fields yet */}`]),
      "        </>",
      "      ) : null}",
    ].join("\n");
  });
  const imports = [
    parts.has("EmbedFacade") ? 'import { EmbedFacade } from "../../parts/EmbedFacade";' : null,
    parts.has("ResolvedLink") ? 'import { ResolvedLink } from "../../parts/ResolvedLink";' : null,
    parts.has("ResponsiveImage") ? 'import { ResponsiveImage } from "../../parts/ResponsiveImage";' : null,
    parts.has("RichText") ? 'import { RichText } from "../../parts/RichText";' : null,
    `import type { ${sliceType} } from "../../../shared/prismicio-types";`,
  ].filter(Boolean);
  const description = (model.description || `The ${model.name} slice`).replace(/\*\//g, "*∕").replace(/\.\s*$/, "");
  return [
    ...imports,
    "",
    "/** The view's props: the slice as Prismic delivers it (types generated from model.json) and its position in the zone. */",
    `export type ${name}Props = {`,
    `  slice: ${sliceType};`,
    "  /** Position in the slice zone: the first slice owns the page's h1 (and its main image). */",
    "  index: number;",
    "};",
    "",
    "/**",
    ` * ${description}.`,
    " * Written by Slice Machine with every field of the model: shape it from here.",
    " */",
    `export default function ${name}({ slice }: ${name}Props) {`,
    "  return (",
    `    <section className="slice ${block}" data-slice-type=${JSON.stringify(model.id)} data-variation={slice.variation}>`,
    ...variations,
    "    </section>",
    "  );",
    "}",
    "",
  ].join("\n");
}
