/** The project_facts slice: a definition list of facts, and a labelled before/after comparison. */
import fs from "node:fs";
import path from "node:path";
import type { ImageField } from "@prismicio/client";
import ProjectFacts from "../../views/slices/ProjectFacts";
import { CompareView, SIDE_BY_SIDE_SIZES, SLIDER_SIZES, canOverlay, snapPosition } from "../../views/slices/ProjectFacts/BeforeAfter";
import type { ProjectFactsSlice, ProjectFactsSliceBeforeAfter, ProjectFactsSliceFacts } from "../../shared/prismicio-types";
import { elementByClass, visibleText } from "../support/html";
import { imageField } from "../support/fixtures";
import { renderInSite } from "../support/renderInSite";

/** The text as read, block by block (a space between adjacent elements). */
const readable = (html: string) => visibleText(html.replace(/></g, "> <"));

const image = (file: string, alt: string | null, width = 2400, height = 1600) => imageField(file, alt, width, height);
const noImage = {} as ImageField;

const base = { slice_type: "project_facts" as const, slice_label: null, id: "project_facts$1", version: "initial" };

function facts(heading: string | null = "Project details", items?: ProjectFactsSliceFacts["items"]): ProjectFactsSlice {
  return {
    ...base,
    variation: "facts",
    primary: { heading },
    items: items ?? [
      { label: "Location", value: "Hampstead, London" },
      { label: "Completed", value: "March 2025" },
      { label: "Style", value: "Shaker with an in-frame finish" },
      { label: "Timber", value: "Quarter-sawn European oak" },
      { label: "Worktop", value: "Honed Calacatta marble" },
      { label: "Lead time", value: "14 weeks" },
    ],
  };
}

function beforeAfter(primary: Partial<ProjectFactsSliceBeforeAfter["primary"]> = {}): ProjectFactsSlice {
  return {
    ...base,
    variation: "beforeAfter",
    items: [],
    primary: {
      heading: "Before and after",
      before_image: image("hampstead-before.jpg", "The original galley kitchen with laminate doors and a strip light"),
      after_image: image("hampstead-after.jpg", "The new oak kitchen with a marble-topped island under a roof light"),
      before_label: "Before",
      after_label: "After",
      caption: "The wall to the dining room came down to make one room.",
      ...primary,
    },
  };
}

describe("project_facts slice, facts variation", () => {
  test("renders the heading and a definition list of label/value pairs in order", async () => {
    const html = await renderInSite(<ProjectFacts slice={facts()} index={1} />);
    expect(html).toMatch(/^<section class="slice project-facts project-facts--facts" data-slice-type="project_facts" data-variation="facts">/);
    expect(html).toContain('<h2 class="project-facts__heading">Project details</h2>');
    const dl = elementByClass(html, "dl", "project-facts__list")!;
    const pairs = [...dl.matchAll(/<div class="project-facts__fact"><dt>([^<]+)<\/dt><dd>([^<]+)<\/dd><\/div>/g)].map((m) => `${m[1]}: ${m[2]}`);
    expect(pairs).toEqual([
      "Location: Hampstead, London",
      "Completed: March 2025",
      "Style: Shaker with an in-frame finish",
      "Timber: Quarter-sawn European oak",
      "Worktop: Honed Calacatta marble",
      "Lead time: 14 weeks",
    ]);
    expect(html).not.toMatch(/\sstyle=/);
  });

  test("the first slice of a page owns the h1", async () => {
    expect(await renderInSite(<ProjectFacts slice={facts()} index={0} />)).toContain('<h1 class="project-facts__heading">Project details</h1>');
  });

  test("half-filled facts are left out; nothing at all renders nothing", async () => {
    const html = await renderInSite(
      <ProjectFacts slice={facts(null, [{ label: "Location", value: "Bath" }, { label: "Worktop", value: null }, { label: null, value: "Orphan value" }])} index={1} />,
    );
    expect(html).not.toContain("<h2");
    expect(html.match(/<dt>/g)).toHaveLength(1);
    expect(html).not.toMatch(/Worktop|Orphan value/);
    expect(await renderInSite(<ProjectFacts slice={facts(null, [])} index={1} />)).toBe("");
    expect(await renderInSite(<ProjectFacts slice={facts("Project details", [])} index={1} />)).not.toContain("<dl");
  });
});

describe("project_facts slice, beforeAfter variation", () => {
  let html: string;
  beforeAll(async () => {
    html = await renderInSite(<ProjectFacts slice={beforeAfter()} index={2} />);
  });

  test("renders both images, each in its own figure with its label, then the caption", () => {
    expect(html).toMatch(/^<section class="slice project-facts project-facts--beforeAfter" data-slice-type="project_facts" data-variation="beforeAfter">/);
    expect(html).toContain('<h2 class="project-facts__heading">Before and after</h2>');
    expect(html).toMatch(
      /<figure class="project-facts__pane project-facts__pane--before"><img [^>]*alt="The original galley kitchen with laminate doors and a strip light"[^>]*\/><figcaption class="project-facts__label">Before<\/figcaption><\/figure>/,
    );
    expect(html).toMatch(
      /<figure class="project-facts__pane project-facts__pane--after"><img [^>]*alt="The new oak kitchen with a marble-topped island under a roof light"[^>]*\/><figcaption class="project-facts__label">After<\/figcaption><\/figure>/,
    );
    expect(html).toContain('<figcaption class="project-facts__caption">The wall to the dining room came down to make one room.</figcaption>');
    // The labels, then the slider's ends (hidden from assistive technology, which reads the range's own label).
    expect(readable(html)).toBe("Before and after Before After Before After The wall to the dining room came down to make one room.");
  });

  test("the images are responsive and lazy, sized for the slider's full column", () => {
    const imgs = html.match(/<img [^>]*>/g)!;
    expect(imgs).toHaveLength(2);
    for (const img of imgs) {
      expect(img).toContain(`sizes="${SLIDER_SIZES}"`);
      expect(img).toMatch(/srcSet="http:\/\/localhost\/media\/hampstead-(before|after)\.jpg\?[^"]*640w/);
      expect(img).toContain('width="2400" height="1600"');
      expect(img).toContain('loading="lazy"');
    }
  });

  test("the server renders the slider the app hydrates (same room, nothing moves at hydration); without scripting the stylesheet shows plain panes", () => {
    expect(html).toContain('<figure class="project-facts__compare is-slider" data-position="50">');
    expect(html).toContain('type="range"');
    expect(html).not.toMatch(/\sstyle=/);
    const css = fs.readFileSync(path.join(__dirname, "../../views/styles/slices-b.css"), "utf8");
    expect(css).toMatch(/@media \(scripting: none\) \{[^@]*\.is-slider \.project-facts__control \{ display: none; \}/);
  });

  test("images that cannot be laid over each other stay side by side, sized for half the column, with no slider", async () => {
    const out = await renderInSite(
      <ProjectFacts slice={beforeAfter({ before_image: image("b.jpg", "Before", 2400, 1600), after_image: image("a.jpg", "After", 1600, 1600) })} index={2} />,
    );
    expect(out).not.toContain("is-slider");
    expect(out).not.toContain('type="range"');
    expect(out.match(/<img [^>]*>/g)!.every((img) => img.includes(`sizes="${SIDE_BY_SIDE_SIZES}"`))).toBe(true);
  });

  test("once hydrated, a keyboard-operable native range slider picks the visible portion through a data attribute", async () => {
    const slice = beforeAfter().primary as ProjectFactsSliceBeforeAfter["primary"];
    const out = await renderInSite(
      <CompareView before={slice.before_image} after={slice.after_image} beforeLabel="Before" afterLabel="After" caption={slice.caption} slider position={33} />,
    );
    expect(out).toMatch(/^<figure class="project-facts__compare is-slider" data-position="30">/);
    const input = /<input [^>]*>/.exec(out)![0];
    expect(input).toContain('type="range"');
    expect(input).toContain('min="0"');
    expect(input).toContain('max="100"');
    expect(input).toContain('step="10"');
    expect(input).toContain('value="30"');
    expect(input).toContain('aria-label="Compare Before and After: how much of Before to show"');
    expect(input).toContain('aria-valuetext="30% Before, 70% After"');
    expect(out).toContain('<span class="project-facts__divider" aria-hidden="true"></span>');
    expect(out.match(/<img [^>]*>/g)!.every((img) => img.includes(`sizes="${SLIDER_SIZES}"`))).toBe(true);
    expect(out).not.toMatch(/\sstyle=/);
  });

  test("positions snap to the 10 % steps the stylesheet knows; only matching images are overlaid", () => {
    expect([-5, 0, 4, 44, 45, 99, 100, 180, Number.NaN].map(snapPosition)).toEqual([0, 0, 0, 40, 50, 100, 100, 100, 50]);
    expect(canOverlay(image("a.jpg", null, 2400, 1600), image("b.jpg", null, 1200, 800))).toBe(true);
    expect(canOverlay(image("a.jpg", null, 2400, 1600), image("b.jpg", null, 1600, 1600))).toBe(false);
    expect(canOverlay(image("a.jpg", null), noImage)).toBe(false);
  });

  test("empty labels fall back to Before/After, images without alt are named by their label", async () => {
    const out = await renderInSite(
      <ProjectFacts
        slice={beforeAfter({ before_label: null, after_label: "", caption: null, before_image: image("b.jpg", null), after_image: image("a.jpg", null) })}
        index={2}
      />,
    );
    expect(out).toMatch(/<img [^>]*alt="Before"[^>]*\/><figcaption class="project-facts__label">Before<\/figcaption>/);
    expect(out).toMatch(/<img [^>]*alt="After"[^>]*\/><figcaption class="project-facts__label">After<\/figcaption>/);
    expect(out).not.toContain("project-facts__caption");
  });

  test("a missing image leaves just the other one; no images and no heading render nothing", async () => {
    const one = await renderInSite(<ProjectFacts slice={beforeAfter({ before_image: noImage })} index={2} />);
    expect(one.match(/<img /g)).toHaveLength(1);
    expect(one).not.toContain("project-facts__pane--before");
    expect(one).toContain("project-facts__pane--after");

    const noImages = await renderInSite(<ProjectFacts slice={beforeAfter({ before_image: noImage, after_image: noImage })} index={2} />);
    expect(noImages).not.toContain("<figure");
    expect(await renderInSite(<ProjectFacts slice={beforeAfter({ heading: null, before_image: noImage, after_image: noImage })} index={2} />)).toBe("");
  });
});
