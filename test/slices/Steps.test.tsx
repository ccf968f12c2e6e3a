/** The steps slice: an ordered list of the process, headings in order, empty steps left out. */
import type { RichTextField } from "@prismicio/client";
import Steps from "../../views/slices/Steps";
import type { StepsSlice } from "../../shared/prismicio-types";
import { visibleText } from "../support/html";
import { renderInSite } from "../support/renderInSite";

/** The text as read, block by block (a space between adjacent elements). */
const readable = (html: string) => visibleText(html.replace(/></g, "> <"));

const text = (value: string) => [{ type: "paragraph", text: value, spans: [] }] as unknown as RichTextField;

function steps(primary: Partial<StepsSlice["primary"]> = {}, items?: StepsSlice["items"]): StepsSlice {
  return {
    slice_type: "steps",
    slice_label: null,
    id: "steps$1",
    variation: "default",
    version: "initial",
    primary: {
      heading: "How we work",
      intro: text("Four steps from first sketch to the last fitted drawer."),
      ...primary,
    },
    items: items ?? [
      {
        title: "Design consultation",
        text: text("We visit, measure and listen: how you cook, who gathers, what you keep."),
      },
      {
        title: "Drawings and samples",
        text: text("Hand-drawn plans and elevations, with samples of every timber and paint."),
      },
      { title: "Made in Suffolk", text: text("Each cabinet is built to the millimetre in our workshop.") },
      {
        title: "Fitted by our joiners",
        text: text("Our own team fits the kitchen and comes back to check it after a season."),
      },
    ],
  };
}

describe("steps slice, default variation", () => {
  test("renders the heading, the intro and the steps as an ordered list, in order", async () => {
    const html = await renderInSite(<Steps slice={steps()} index={2} />);
    expect(html).toMatch(/^<section class="slice steps" data-slice-type="steps" data-variation="default">/);
    expect(html).toContain('<h2 class="steps__heading">How we work</h2>');
    expect(visibleText(html)).toContain("Four steps from first sketch to the last fitted drawer.");
    expect(html).toContain('<ol class="steps__list" role="list">');
    const titles = [...html.matchAll(/<li class="steps__item"><h3 class="steps__title">([^<]+)<\/h3>/g)].map(
      (m) => m[1],
    );
    expect(titles).toEqual(["Design consultation", "Drawings and samples", "Made in Suffolk", "Fitted by our joiners"]);
    expect(readable(html)).toContain("Made in Suffolk Each cabinet is built to the millimetre in our workshop.");
    expect(html).not.toMatch(/\sstyle=/);
  });

  test("as the first slice the heading is the h1 and the step titles h2", async () => {
    const html = await renderInSite(<Steps slice={steps()} index={0} />);
    expect(html.match(/<h\d/g)).toEqual(["<h1", "<h2", "<h2", "<h2", "<h2"]);
  });

  test("empty optional fields render nothing broken", async () => {
    const html = await renderInSite(
      <Steps
        slice={steps({ intro: [] }, [
          { title: "Design consultation", text: [] },
          { title: null, text: text("A step with only text still counts.") },
          { title: null, text: [] },
        ])}
        index={1}
      />,
    );
    expect(html.match(/<li/g)).toHaveLength(2);
    expect(html).not.toContain("steps__intro");
    expect(html).toContain('<li class="steps__item"><h3 class="steps__title">Design consultation</h3></li>');
    expect(html).toContain(
      '<li class="steps__item"><div class="steps__text"><p>A step with only text still counts.</p></div></li>',
    );
    expect(await renderInSite(<Steps slice={steps({ heading: "", intro: [] }, [])} index={1} />)).toBe("");
  });
});
