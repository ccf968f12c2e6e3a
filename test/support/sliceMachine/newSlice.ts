/**
 * A slice model as Slice Machine's "create slice" sends it, with one field of each kind the
 * generated view renders through the site's parts, in two variations (the second with
 * repeatable items), for the adapter tests.
 */
import type { SharedSliceModel } from "@prismicio/client";

export const LIBRARY_ID = "./views/slices";

export function newSliceModel(name = "OpeningHours", id = "opening_hours"): SharedSliceModel {
  const variation = (variationId: string, variationName: string) => ({
    id: variationId,
    name: variationName,
    docURL: "...",
    version: "initial",
    description: variationName,
    imageUrl: "",
  });
  return {
    id,
    type: "SharedSlice",
    name,
    description: "Showroom opening hours, with a photo and a booking link",
    variations: [
      {
        ...variation("default", "Default"),
        primary: {
          heading: { type: "Text", config: { label: "Heading", placeholder: "" } },
          intro: {
            type: "StructuredText",
            config: { label: "Intro", placeholder: "", allowTargetBlank: true, multi: "paragraph,strong,em,hyperlink" },
          },
          photo: { type: "Image", config: { label: "Photo", constraint: {}, thumbnails: [] } },
          booking_link: {
            type: "Link",
            config: { label: "Book a visit", placeholder: "", select: null, allowTargetBlank: true },
          },
          open_sundays: {
            type: "Boolean",
            config: {
              label: "Open on Sundays",
              default_value: false,
              placeholder_true: "yes",
              placeholder_false: "no",
            },
          },
          parking_spaces: { type: "Number", config: { label: "Parking spaces", placeholder: "" } },
          region: { type: "Select", config: { label: "Region", placeholder: "", options: ["gb", "us"] } },
          tour: { type: "Embed", config: { label: "Tour", placeholder: "" } },
          days: {
            type: "Group",
            config: {
              label: "Days",
              repeat: true,
              fields: {
                day: { type: "Text", config: { label: "Day", placeholder: "" } },
                hours: { type: "Text", config: { label: "Hours", placeholder: "" } },
              },
            },
          },
        },
        items: {},
      },
      {
        ...variation("compact", "Compact"),
        primary: { heading: { type: "Text", config: { label: "Heading", placeholder: "" } } },
        items: { note: { type: "Text", config: { label: "Note", placeholder: "" } } },
      },
    ],
  } as unknown as SharedSliceModel;
}
