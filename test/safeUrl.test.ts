/**
 * Which URLs from content may become an `href` (shared/safeUrl.ts): web, mail and phone links and
 * site paths; never a script, data or other scheme, nor a path that leaves the site, however it is
 * spelled to slip past a check (browsers drop tabs, line breaks and control characters first).
 */
import { isSafeHref } from "../shared/safeUrl";

test.each([
  ["an https link", "https://example.com/page"],
  ["an http link", "http://example.com"],
  ["a scheme in capitals", "HTTPS://example.com"],
  ["a mail link", "mailto:hello@example.com"],
  ["a phone link", "tel:+441234567890"],
  ["a site path", "/gallery/braybrook-st"],
  ["a fragment", "#contact"],
  ["a query", "?page=2"],
  ["a path with spaces around it", "  /info  "],
])("passes %s", (_case, url) => {
  expect(isSafeHref(url)).toBe(true);
});

test.each([
  ["javascript:", "javascript:alert(1)"],
  ["JavaScript: in mixed case", "JaVaScRiPt:alert(1)"],
  ["javascript: with a tab inside", "java\tscript:alert(1)"],
  ["javascript: with a line break inside", "java\nscript:alert(1)"],
  ["javascript: with a NUL inside", "java\u0000script:alert(1)"],
  ["javascript: after a leading space and control character", " \u0001javascript:alert(1)"],
  ["data:", "data:text/html,<script>alert(1)</script>"],
  ["vbscript:", "vbscript:msgbox"],
  ["file:", "file:///etc/passwd"],
  ["a protocol-relative URL", "//evil.example"],
  ["a backslash spelling of one", "/\\evil.example"],
  ["one with a tab between the slashes", "/\t/evil.example"],
  ["two backslashes", "\\\\evil.example"],
  ["no scheme and no slash", "evil.example/page"],
  ["empty", ""],
])("drops %s", (_case, url) => {
  expect(isSafeHref(url)).toBe(false);
});
