/** `GET /robots.txt`: crawlers stay out of the preview tools, the APIs and the data endpoint, and find the sitemap. */
import type { RequestHandler } from "express";
import { DATA_PREFIX } from "../../shared/dataEndpoint";
import { REGION_CHOICE_PREFIX } from "../../shared/regionChoice";

export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Disallow: /preview",
    "Disallow: /slice-simulator",
    "Disallow: /api/",
    `Disallow: ${DATA_PREFIX}/`,
    `Disallow: ${REGION_CHOICE_PREFIX}/`,
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

export function createRobotsRoute(siteUrl: string): RequestHandler {
  const body = robotsTxt(siteUrl);
  return (_req, res) => {
    res.set("Cache-Control", "public, max-age=3600").type("text/plain; charset=utf-8").send(body);
  };
}
