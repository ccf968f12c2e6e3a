/** The faq slice: native disclosures, headings in order, answers through our rich text and link resolver. */
import type { RichTextField } from "@prismicio/client";
import Faq from "../../views/slices/Faq";
import type { FaqSlice } from "../../shared/prismicio-types";
import { elementByClass, visibleText } from "../support/html";
import { renderInSite } from "../support/renderInSite";

const paragraph = (text: string, spans: unknown[] = []) => ({ type: "paragraph", text, spans });
const rich = (...blocks: unknown[]) => blocks as unknown as RichTextField;

function faq(overrides: Partial<FaqSlice["primary"]> = {}, items?: FaqSlice["items"]): FaqSlice {
  return {
    slice_type: "faq",
    slice_label: null,
    id: "faq$1",
    variation: "default",
    version: "initial",
    primary: {
      heading: "Your questions, answered",
      intro: rich(paragraph("Everything you might want to know before we draw your kitchen.")),
      ...overrides,
    },
    items: items ?? [
      {
        question: "How long does a made-to-measure kitchen take?",
        answer: rich(
          paragraph("From the first survey to the last fitted door, most kitchens take twelve to fourteen weeks."),
        ),
      },
      {
        question: "Can I see and touch the materials first?",
        answer: rich(
          paragraph("Yes: order up to eight free samples of timber, paint and stone.", [
            {
              start: 5,
              end: 35,
              type: "hyperlink",
              data: { link_type: "Document", id: "samples", type: "sample_page", lang: "en-gb" },
            },
          ]),
        ),
      },
      {
        question: "Do you fit outside London?",
        answer: rich(paragraph("We fit across England and Wales with our own joiners.")),
      },
    ],
  };
}

describe("faq slice", () => {
  test("renders the heading, the intro and every question in a <summary> of a closed <details>", async () => {
    const html = await renderInSite(<Faq slice={faq()} index={2} />);
    expect(html).toMatch(/^<section class="slice faq" data-slice-type="faq" data-variation="default">/);
    expect(html).toMatch(/<h2 class="faq__heading">Your questions, answered<\/h2>/);
    expect(visibleText(html)).toContain("Everything you might want to know before we draw your kitchen.");
    expect(html.match(/<details class="faq__item">/g)).toHaveLength(3);
    expect(html).not.toMatch(/<details[^>]*\sopen/);
    expect(html).toContain(
      '<summary class="faq__question"><span>How long does a made-to-measure kitchen take?</span></summary>',
    );
    expect(html).toContain('<summary class="faq__question"><span>Do you fit outside London?</span></summary>');
  });

  test("each answer follows its question inside the same disclosure", async () => {
    const html = await renderInSite(<Faq slice={faq()} index={2} />);
    const first = elementByClass(html, "details", "faq__item")!;
    expect(first).toMatch(
      /<\/summary><div class="faq__answer rich-text"><p>From the first survey[^<]*<\/p><\/div><\/details>$/,
    );
    expect(visibleText(first)).toContain("most kitchens take twelve to fourteen weeks.");
  });

  test("headings stay in order: h1 only as the first slice, no headings inside the disclosures", async () => {
    const first = await renderInSite(<Faq slice={faq()} index={0} />);
    expect(first).toMatch(/<h1 class="faq__heading">/);
    const later = await renderInSite(<Faq slice={faq()} index={3} />);
    expect(later.match(/<h\d/g)).toEqual(["<h2"]);
  });

  test("a link in an answer goes through the link resolver, with the region prefix under /us", async () => {
    const gb = await renderInSite(<Faq slice={faq()} index={1} />);
    expect(gb).toMatch(/<a href="\/materials\/samples"[^>]*>order up to eight free samples<\/a>/);
    const us = faq();
    (us.items[1].answer[0] as unknown as { spans: { data: { lang: string } }[] }).spans[0].data.lang = "en-us";
    const html = await renderInSite(<Faq slice={us} index={1} />, { path: "/us" });
    expect(html).toMatch(/<a href="\/us\/materials\/samples"[^>]*>order up to eight free samples<\/a>/);
  });

  test("empty optional fields render nothing broken", async () => {
    const html = await renderInSite(
      <Faq
        slice={faq({ intro: [] }, [
          { question: "Is there a showroom?", answer: [] },
          { question: "", answer: rich(paragraph("An answer without a question is skipped.")) },
        ])}
        index={1}
      />,
    );
    expect(html.match(/<details/g)).toHaveLength(1);
    expect(html).not.toContain("without a question");
    expect(html).not.toContain("faq__lede");
    expect(html).not.toContain("faq__answer");
    expect(html).not.toMatch(/\sstyle=/);

    const nothing = await renderInSite(<Faq slice={faq({ heading: null, intro: [] }, [])} index={1} />);
    expect(nothing).toBe("");
  });
});
