/**
 * The Prismic stand-in (packages/prismic-stand-in) is loaded only when no Prismic repository is
 * configured (server/content/prismicStandIn.ts, decision record 025): the built server keeps it in
 * a file of its own that one dynamic import reaches, a server with a hosted repository never loads
 * it nor the image library it needs, and the stand-in's testing entry reaches no production file.
 */
import fs from "node:fs";
import path from "node:path";
import { loadPrismicStandIn } from "../server/content/prismicStandIn";
import { startBuiltServer, type RunningServer } from "./support/builtServer";
import { startPrismicHttpStandIn, type PrismicHttpStandIn } from "./support/prismicHttpStandIn";
import { ROOT } from "./support/testApp";

const SERVER_DIR = path.join(ROOT, "dist/server");
const sourcesOf = (bundle: string): string[] =>
  (JSON.parse(fs.readFileSync(path.join(SERVER_DIR, `${bundle}.map`), "utf8")) as { sources: string[] }).sources;

test("loaded without PRISMIC_REPOSITORY, not with one", async () => {
  const standIn = await loadPrismicStandIn({ PRISMIC_REPOSITORY: undefined });
  expect(typeof standIn?.openEmbeddedRepository).toBe("function");
  expect(typeof standIn?.createMediaRoute).toBe("function");
  expect(await loadPrismicStandIn({ PRISMIC_REPOSITORY: "my-repo" })).toBeUndefined();
});

test("the built server keeps the stand-in in its own file, reached by one dynamic import; the testing entry is in neither", () => {
  const server = fs.readFileSync(path.join(SERVER_DIR, "server.js"), "utf8");
  const standIn = fs.readFileSync(path.join(SERVER_DIR, "prismic-stand-in.js"), "utf8");
  expect(sourcesOf("server.js").filter((source) => source.includes("packages/"))).toEqual([]);
  expect(server.match(/prismic-stand-in\.js/g)).toEqual(["prismic-stand-in.js"]);
  expect(server).toContain('import("./prismic-stand-in.js")');
  expect(server).not.toMatch(/from\s*"sharp"/);

  const standInSources = sourcesOf("prismic-stand-in.js");
  expect(standInSources).toEqual(
    expect.arrayContaining([
      "../../packages/prismic-stand-in/src/embedded/embeddedFetch.ts",
      "../../packages/prismic-stand-in/src/media/mediaRoute.ts",
      "../../packages/prismic-stand-in/src/toolbarStandIn.ts",
    ]),
  );
  expect(standInSources.filter((source) => /testing\.ts$|prismicAnswers\.ts$|\/server\//.test(source))).toEqual([]);
  expect(standIn).toMatch(/from\s*"sharp"/);
  expect(standIn).not.toContain("PrismicAnswers");
});

describe("a built server", () => {
  let prismic: PrismicHttpStandIn;
  let hosted: RunningServer | undefined;
  let embedded: RunningServer | undefined;
  const watchLoads = {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${path.join(ROOT, "test/support/moduleLoads.mjs")}`,
    MODULE_LOADS_MATCHING: "/prismic-stand-in\\.js$|/node_modules/sharp/",
  };
  /** What the server loaded of the stand-in's bundle and of sharp, in the order loaded, once each. */
  const loads = (server: RunningServer) => [
    ...new Set(
      [...server.output().matchAll(/^module loaded: (.*)$/gm)].map((match) =>
        match[1].includes("/node_modules/sharp/") ? "sharp" : path.basename(match[1]),
      ),
    ),
  ];

  beforeAll(async () => {
    prismic = await startPrismicHttpStandIn();
    [hosted, embedded] = await Promise.all([
      startBuiltServer({ ...watchLoads, PRISMIC_REPOSITORY: "embedded", PRISMIC_API_ENDPOINT: prismic.endpoint }),
      startBuiltServer(watchLoads),
    ]);
  });
  afterAll(async () => {
    await Promise.all([hosted?.stop(), embedded?.stop()]);
    await prismic?.close();
  });

  test("with a hosted repository never loads the stand-in nor sharp; /media and /preview/toolbar.js are plain 404s", async () => {
    for (const url of ["/media/detail-oak-worktop.jpg?w=640", "/preview/toolbar.js"]) {
      const res = await fetch(`${hosted!.url}${url}`);
      expect({ url, status: res.status, type: res.headers.get("content-type"), body: await res.text() }).toEqual({
        url,
        status: 404,
        type: "text/plain; charset=utf-8",
        body: "Not Found",
      });
    }
    const page = await fetch(`${hosted!.url}/gallery/canal-house`);
    expect(page.status).toBe(200);
    expect(loads(hosted!)).toEqual([]);
  });

  test("without one loads the stand-in, which serves the images and the toolbar", async () => {
    const image = await fetch(`${embedded!.url}/media/detail-oak-worktop.jpg?w=640&fm=webp`);
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/webp"]);
    const toolbar = await fetch(`${embedded!.url}/preview/toolbar.js`);
    expect(toolbar.status).toBe(200);
    expect(await toolbar.text()).toContain("__prismicToolbarStandIn");
    expect(loads(embedded!)).toEqual(["prismic-stand-in.js", "sharp"]);
  });
});
