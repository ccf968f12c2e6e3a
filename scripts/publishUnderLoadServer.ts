/**
 * The site for `npm run bench:publish` (scripts/publishUnderLoad.mjs), in a child process: the
 * app as the tests build it (embedded repository, silent logger), listening on 127.0.0.1, with
 * IPC to publish and to report how many pages were rendered (one page loader call is one render).
 */
import type { AddressInfo } from "node:net";
import { demoWithHomeHeading } from "../test/support/publish";
import { createTestApp } from "../test/support/testApp";

const PAGE_LOADS = ["home", "page", "galleryProject", "article", "galleryProjects", "articles", "samplePage"];
const SECRET = "a-webhook-secret-of-some-length";

const t = createTestApp({ env: { CONTENT_REF_TTL_MS: "60000", PRISMIC_WEBHOOK_SECRET: SECRET } });
const renders = () => t.calls.log.filter((c) => PAGE_LOADS.includes(c.method)).length;
const server = t.app.listen(0, "127.0.0.1", () => {
  process.send!({ port: (server.address() as AddressInfo).port });
});
process.on("message", async (message: { publish?: string; renders?: boolean }) => {
  if (message.publish) {
    t.contentClient.embedded!.publish(demoWithHomeHeading(message.publish));
    const { port } = server.address() as AddressInfo;
    await fetch(`http://127.0.0.1:${port}/api/prismic-webhook`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: "api-update", secret: SECRET }),
    });
    process.send!({ published: true, renders: renders() });
  }
  if (message.renders) process.send!({ renders: renders() });
});
