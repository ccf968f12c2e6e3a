/**
 * A sitemap stops being generated when its client leaves (server/sitemap/sitemapRoute.ts,
 * docs/security.md "What the content API sends back"): the generation ends (nothing left waiting
 * on a socket that is gone, holding what it wrote) and no more pages are read from the content
 * service, however many the file would hold.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import type { ContentService } from "../server/content/contentService";
import { createSitemapRouter } from "../server/sitemap/sitemapRoute";
import { capturingLogger } from "./support/capturingLogger";
import { articleSummary } from "./support/fixtures";
import { createTestApp } from "./support/testApp";

const PAGES = 400; // 40,000 documents: one file of the most a sitemap may hold
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("a client that leaves after the first bytes ends the generation and the reading of pages", async () => {
  const { content } = createTestApp();
  let reads = 0;
  const slow: ContentService = {
    ...content,
    routableDocuments: async (page, size) => {
      reads++;
      await sleep(5);
      const items = Array.from({ length: size }, (_, i) => articleSummary((page - 1) * size + i));
      return { items, page, totalPages: PAGES, total: PAGES * 100 };
    },
  };
  const { logger, lines } = capturingLogger();
  const app = express().use(createSitemapRouter({ content: slow, origin: "http://localhost:3000", logger }));
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve, reject) => {
      const req = http.get({ host: "127.0.0.1", port, path: "/sitemap.xml" }, (res) => {
        res.once("data", () => {
          req.destroy();
          resolve();
        });
      });
      req.on("error", (error) => (req.destroyed ? undefined : reject(error)));
    });
    await sleep(300);
    const afterLeaving = reads;
    await sleep(500);
    expect(reads).toBe(afterLeaving);
    expect(reads).toBeLessThan(PAGES / 2);
    expect(lines.map((line) => line.msg)).toContain("sitemap: the client closed the connection before the end");
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
