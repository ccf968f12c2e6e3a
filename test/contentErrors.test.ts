/**
 * Which failures mean "the content service is unavailable" (server/content/contentErrors.ts):
 * those pages may cover with a cached copy or the friendly 503, where an answer about the
 * content (not found, a bad query) may not. An abort is one by its name, whatever realm made it.
 */
import vm from "node:vm";
import * as prismic from "@prismicio/client";
import { ContentUnavailableError, isContentUnavailable } from "../server/content/contentErrors";

const URL_A = "https://repo.invalid/api/v2/documents/search";

describe("unavailable", () => {
  test.each([
    ["our own ContentUnavailableError", new ContentUnavailableError("Prismic is rate-limiting us (429)")],
    ["a request's timeout (AbortSignal.timeout's reason)", new DOMException("timed out", "TimeoutError")],
    ["a request's abort", new DOMException("aborted", "AbortError")],
    ["undici's network failure", new TypeError("fetch failed")],
    ["a 5xx from the client", new prismic.PrismicError("Internal Server Error", URL_A, "")],
  ])("%s", (_case, error) => {
    expect(isContentUnavailable(error)).toBe(true);
  });

  test.each([
    ["a", "TimeoutError"],
    ["an", "AbortError"],
  ])("%s %s made in another realm, where it is no Error of ours", (_article, name) => {
    const foreign = vm.runInNewContext(`const e = new Error("aborted"); e.name = ${JSON.stringify(name)}; e`);
    expect(foreign instanceof Error).toBe(false);
    expect(isContentUnavailable(foreign)).toBe(true);
  });

  test("AbortSignal.timeout's own reason, once it has fired", async () => {
    const signal = AbortSignal.timeout(1);
    await new Promise((resolve) => signal.addEventListener("abort", resolve));
    expect(isContentUnavailable(signal.reason)).toBe(true);
  });
});

describe("answers about the content, and everything else", () => {
  test.each([
    ["not found", new prismic.NotFoundError("No documents were returned", URL_A, undefined)],
    ["a bad query", new prismic.ParsingError("unexpected field", URL_A, undefined)],
    ["forbidden", new prismic.ForbiddenError("no access", URL_A, undefined)],
    ["an expired preview", new prismic.PreviewTokenExpiredError("preview token expired", URL_A, undefined)],
    ["our own bug", new Error("Cannot read properties of undefined")],
    ["a TypeError that is not the network's", new TypeError("x is not a function")],
    ["a thrown string", "aborted"],
    ["nothing", undefined],
    ["null", null],
  ])("%s", (_case, error) => {
    expect(isContentUnavailable(error)).toBe(false);
  });
});
