/**
 * Whether a URL from content may become an `href`. Only web, mail and phone links and
 * site-relative paths pass: `javascript:`, `data:` and friends are dropped (the Prismic
 * renderers pass them through unchanged).
 */
export function isSafeHref(url: string): boolean {
  // Browsers drop tabs and line breaks anywhere in a URL ("/\t/evil" is "//evil"), so do the same first.
  const trimmed = url.replace(/[\t\n\r]/g, "").trim();
  if (trimmed.startsWith("/") || trimmed.startsWith("#") || trimmed.startsWith("?")) {
    // `//host` and `/\host` are protocol-relative: they leave the site.
    return !/^[/\\][/\\]/.test(trimmed);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore control characters in a scheme (java\0script:), so they are dropped before it is read
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed.replace(/[\u0000-\u0020]/g, ""));
  return scheme !== null && ["http", "https", "mailto", "tel"].includes(scheme[1].toLowerCase());
}
