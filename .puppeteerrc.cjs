/**
 * Puppeteer drives Debian's Chromium (/usr/bin/chromium, test/support/chromium.ts): it must
 * never download a browser of its own, at install or at run time.
 * https://pptr.dev/guides/configuration
 */
module.exports = {
  skipDownload: true,
  chrome: { skipDownload: true },
  "chrome-headless-shell": { skipDownload: true },
  firefox: { skipDownload: true },
};
