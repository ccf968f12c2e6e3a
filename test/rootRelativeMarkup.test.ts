/**
 * Markup that works from any host: images and links in the page are root-relative, so the site
 * opened at another host name or IP (a phone on the LAN, a load balancer's address) shows its
 * images; absolute URLs only where a standard needs them (canonical, hreflang, Open Graph,
 * Twitter, JSON-LD), built from SITE_URL (shared/mediaOrigin.ts).
 */
import request from "supertest";
import type { Express } from "express";
import { createTestApp } from "./support/testApp";

const SITE_URL = "https://www.hartleyandreed.test";
let app: Express;
beforeAll(() => {
  app = createTestApp({ env: { SITE_URL } }).app;
});

/** Every URL in an attribute that addresses a resource or a link: src, srcset entries, href, imagesrcset, poster. */
function addressedUrls(html: string): string[] {
  const urls: string[] = [];
  for (const [, name, value] of html.matchAll(/\s(src|srcset|srcSet|href|imagesrcset|poster)="([^"]*)"/g)) {
    const decoded = value.replaceAll("&amp;", "&");
    if (/srcset/i.test(name))
      urls.push(
        ...decoded
          .split(",")
          .map((part) => part.trim().split(/\s+/)[0])
          .filter(Boolean),
      );
    else urls.push(decoded);
  }
  return urls;
}

/** The `<head>` tags a standard wants absolute: canonical, hreflang alternates, og:*, twitter:*. */
const STANDARD_ABSOLUTE = /<link rel="(canonical|alternate)"[^>]*>|<meta (property="og:|name="twitter:)[^>]*>/g;

describe.each(["/", "/us", "/gallery/canal-house", "/info/blog/planning-a-pantry"])(
  "%s fetched at another host",
  (path) => {
    let html: string;
    beforeAll(async () => {
      const response = await request(app).get(path).set("Host", "192.168.1.20:8080");
      expect(response.status).toBe(200);
      html = response.text;
    });

    test("has images, and none addressed to another origin: every image and link is a path on this site", () => {
      const body = html.replace(STANDARD_ABSOLUTE, "");
      const urls = addressedUrls(body);
      const images = [...body.matchAll(/<img\s[^>]*src="([^"]*)"/g)].map((m) => m[1]);
      expect(images.length).toBeGreaterThan(0);
      for (const src of images) expect(src).toMatch(/^\/media\/[^/]/);
      const elsewhere = urls.filter((url) => !url.startsWith("#") && (!url.startsWith("/") || url.startsWith("//")));
      // Only links that leave the site on purpose (content's web links) may be absolute.
      expect(elsewhere.filter((url) => !/^(https:|mailto:|tel:)/.test(url))).toEqual([]);
      expect(
        elsewhere.filter(
          (url) => url.includes("192.168.1.20") || url.includes(SITE_URL) || url.includes("embedded.invalid"),
        ),
      ).toEqual([]);
    });

    test("canonical, hreflang, Open Graph and Twitter are absolute on SITE_URL", () => {
      const standard = html.match(STANDARD_ABSOLUTE) ?? [];
      expect(standard.length).toBeGreaterThan(4);
      for (const tag of standard.filter((t) => /href=|og:url|og:image"|twitter:image"/.test(t))) {
        expect(tag).toMatch(new RegExp(`(href|content)="${SITE_URL.replaceAll(".", "\\.")}/`));
      }
    });

    test("JSON-LD names absolute URLs on SITE_URL only", () => {
      const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
        .map((m) => m[1])
        .join("\n");
      expect(jsonLd).toContain(SITE_URL);
      const urls = jsonLd.match(/https?:\/\/[^"\\]+/g) ?? [];
      expect(urls.filter((url) => !url.startsWith(`${SITE_URL}/`) && !url.startsWith("https://schema.org"))).toEqual(
        [],
      );
    });
  },
);
