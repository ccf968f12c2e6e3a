/**
 * A Prismic date in the region's style (views/parts/formatDate.ts): "14 March 2025" in gb,
 * "March 14, 2025" in us, the same day wherever the code runs; nothing for no date or a bad one;
 * one formatter per language.
 */
import { formatDate, formatterFor } from "../views/parts/formatDate";

test.each([
  ["2025-03-14", "en-GB", "14 March 2025"],
  ["2025-03-14", "en-US", "March 14, 2025"],
  ["2024-12-31", "en-GB", "31 December 2024"],
  ["2025-01-01", "en-US", "January 1, 2025"],
  ["2025-03-14T23:30:00+0000", "en-GB", "14 March 2025"],
  ["2025-03-14T00:30:00-0800", "en-GB", "14 March 2025"],
])("%s in %s is %s", (date, language, text) => {
  expect(formatDate(date, language)).toBe(text);
});

test.each([
  ["no date", null],
  ["undefined", undefined],
  ["an empty string", ""],
  ["not a date", "soon"],
  ["an impossible month", "2025-13-01"],
])("nothing for %s", (_case, date) => {
  expect(formatDate(date, "en-GB")).toBeNull();
});

test("one formatter per language, kept", () => {
  expect(formatterFor("en-GB")).toBe(formatterFor("en-GB"));
  expect(formatterFor("en-GB")).not.toBe(formatterFor("en-US"));
});
