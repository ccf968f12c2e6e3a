/**
 * Which coding a cached page is sent in (server/pageCache/contentCoding.ts), from Accept-Encoding
 * read as RFC 9110 section 12.5.3 says: exact coding names, case-insensitive; q-values, `q=0` refusing;
 * `*` for every coding not named; the highest q wins, ties to brotli, then gzip, then the page as
 * it is; `identity` acceptable unless refused, and sent when nothing else is acceptable.
 */
import { preferredEncoding } from "../server/pageCache/contentCoding";

test.each([
  ["no header", undefined, "identity"],
  ["an empty header", "", "identity"],
  ["gzip", "gzip", "gzip"],
  ["br", "br", "br"],
  ["what browsers send", "gzip, deflate, br, zstd", "br"],
  ["a tie between gzip and br goes to br", "gzip, br", "br"],
  ["gzip preferred by q-value", "gzip;q=1, br;q=0.9", "gzip"],
  ["names are case-insensitive", "BR", "br"],
  ["so is the q parameter", "gzip;Q=0.5, br;q=0.4", "gzip"],
  ["white space around the parts", " gzip ; q=0.8 , br ; q=0.9 ", "br"],
  ["empty elements", ", ,gzip", "gzip"],
  ["only codings this cache does not keep", "deflate, zstd", "identity"],
  ["x-gzip is not gzip", "x-gzip", "identity"],
  ["brotli or x-br are not br", "brotli, x-br", "identity"],
  ["* stands for every coding", "*", "br"],
  ["* with br refused", "*, br;q=0", "gzip"],
  ["gzip refused", "gzip;q=0", "identity"],
  ["everything refused: the page as it is all the same", "*;q=0", "identity"],
  ["identity refused too: still the page as it is, the only thing there is", "identity;q=0, *;q=0", "identity"],
  ["identity preferred by q-value", "identity, gzip;q=0.5", "identity"],
  ["a tie between identity and gzip goes to gzip", "gzip, identity", "gzip"],
  ["identity refused, gzip barely acceptable", "identity;q=0, gzip;q=0.001", "gzip"],
  ["identity never preferred to a coding named, however low", "br;q=0.001", "br"],
  ["a q-value above 1 makes the element unusable", "gzip;q=2", "identity"],
  ["a q-value that is no number", "br;q=high, gzip", "gzip"],
  ["a q-value with four decimals", "br;q=0.5000, gzip;q=0.4", "gzip"],
  ["1.000 is a q-value", "br;q=0.9, gzip;q=1.000", "gzip"],
  ["the first of two mentions counts", "gzip;q=0, gzip", "identity"],
  ["parameters other than q are ignored", "gzip;level=9", "gzip"],
])("%s: %j → %s", (_case, header, expected) => {
  expect(preferredEncoding(header)).toBe(expected);
});

test("answers the same once remembered, and stays right past the headers it remembers", () => {
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < 100; i++) {
      expect(preferredEncoding(`gzip;q=0.${String(i).padStart(2, "0")}1, br;q=0.${String(i).padStart(2, "0")}`)).toBe(
        "gzip",
      );
      expect(preferredEncoding(`br;q=0.${String(i).padStart(2, "0")}1, gzip;q=0.${String(i).padStart(2, "0")}`)).toBe(
        "br",
      );
    }
  }
});
