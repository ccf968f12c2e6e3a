/**
 * `npm run prismic:push` against a stand-in of Prismic's Custom Types API
 * (test/support/customTypesApiStandIn.ts): the first run inserts every model, the second writes
 * nothing, one changed model is one update, remote-only models are listed and only --prune
 * deletes them, --dry-run sends nothing, and an invalid model stops the push before any request.
 */
import fs from "node:fs";
import path from "node:path";
import { startCustomTypesApiStandIn, type CustomTypesApiStandIn } from "./support/customTypesApiStandIn";
import { copyModelFiles, type ProjectCopy } from "./support/projectCopy";
import { runScript } from "./support/runScript";
import { ROOT } from "./support/testApp";

const PUSH = path.join(ROOT, "scripts/prismic/push.ts");
const REPOSITORY = "hartley-and-reed-test";
const TOKEN = "a-write-token-for-the-stand-in";

let api: CustomTypesApiStandIn;
let models: ProjectCopy;

const slicesOnDisk = fs
  .readdirSync(path.join(ROOT, "views/slices"))
  .filter((name) => fs.existsSync(path.join(ROOT, "views/slices", name, "model.json"))).length;
const typesOnDisk = fs.readdirSync(path.join(ROOT, "customtypes")).length;

const push = (...args: string[]) =>
  runScript(PUSH, args, {
    cwd: models.root,
    env: { PRISMIC_REPOSITORY: REPOSITORY, PRISMIC_WRITE_TOKEN: TOKEN, PRISMIC_CUSTOM_TYPES_API: api.endpoint },
  });

beforeAll(async () => {
  api = await startCustomTypesApiStandIn({ repository: REPOSITORY, token: TOKEN });
  models = copyModelFiles("prismic-push-");
});
afterAll(async () => {
  await api?.close();
  models?.remove();
});

test("a dry run on an empty repository lists every insert and sends nothing", async () => {
  const run = await push("--dry-run");
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  expect(run.stdout.match(/^would insert shared slice /gm)).toHaveLength(slicesOnDisk);
  expect(run.stdout.match(/^would insert custom type /gm)).toHaveLength(typesOnDisk);
  expect(api.writes()).toEqual([]);
});

test("the first run inserts every slice, then every custom type, with the repository and bearer headers", async () => {
  const run = await push();
  expect(run.status).toBe(0);
  const writes = api.writes();
  expect(writes).toHaveLength(slicesOnDisk + typesOnDisk);
  expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([
    ...Array(slicesOnDisk).fill("POST /slices/insert"),
    ...Array(typesOnDisk).fill("POST /customtypes/insert"),
  ]);
  for (const request of api.requests) {
    expect(request.repository).toBe(REPOSITORY);
    expect(request.authorization).toBe(`Bearer ${TOKEN}`);
  }
  expect(api.customTypes.get("page")).toEqual(
    JSON.parse(fs.readFileSync(path.join(ROOT, "customtypes/page/index.json"), "utf8")),
  );
  expect(api.slices.get("hero")).toEqual(
    JSON.parse(fs.readFileSync(path.join(ROOT, "views/slices/Hero/model.json"), "utf8")),
  );
  expect(run.stdout).toContain(`${slicesOnDisk + typesOnDisk} write(s) to ${REPOSITORY}`);
});

test("a second run writes nothing, whatever bookkeeping the API adds to the models it returns", async () => {
  for (const model of [...api.customTypes.values(), ...api.slices.values()])
    Object.assign(model, { hash: "stored-by-the-api" });
  const before = api.writes().length;
  const run = await push();
  expect(run.status).toBe(0);
  expect(api.writes().length).toBe(before);
  expect(run.stdout).toContain(
    `0 write(s) to ${REPOSITORY}; ${slicesOnDisk + typesOnDisk} model(s) already up to date`,
  );
});

test("one changed model is one update", async () => {
  const file = path.join(models.root, "views/slices/Faq/model.json");
  const model = JSON.parse(fs.readFileSync(file, "utf8"));
  model.description = "Questions and answers, changed";
  fs.writeFileSync(file, JSON.stringify(model, null, 2));
  const before = api.writes().length;
  const run = await push();
  expect(run.status).toBe(0);
  expect(
    api
      .writes()
      .slice(before)
      .map((w) => `${w.method} ${w.path}`),
  ).toEqual(["POST /slices/update"]);
  expect(api.slices.get("faq")).toEqual(model);
  expect(run.stdout).toContain("update shared slice faq");
});

test("remote models with no local one are listed and kept; --prune deletes only those it lists", async () => {
  api.customTypes.set("old_landing", { id: "old_landing" });
  api.slices.set("old_banner", { id: "old_banner" });
  const before = api.writes().length;
  const kept = await push();
  expect(kept.status).toBe(0);
  expect(kept.stdout).toContain("not in the project (kept; --prune deletes it): custom type old_landing");
  expect(kept.stdout).toContain("not in the project (kept; --prune deletes it): shared slice old_banner");
  expect(api.writes().length).toBe(before);

  const dry = await push("--prune", "--dry-run");
  expect(dry.stdout).toContain("would delete custom type old_landing");
  expect(dry.stdout).toContain("would delete shared slice old_banner");
  expect(api.writes().length).toBe(before);

  const pruned = await push("--prune");
  expect(pruned.status).toBe(0);
  expect(pruned.stdout).toContain("delete custom type old_landing");
  expect(pruned.stdout).toContain("delete shared slice old_banner");
  expect(
    api
      .writes()
      .slice(before)
      .map((w) => `${w.method} ${w.path}`),
  ).toEqual(["DELETE /customtypes/old_landing", "DELETE /slices/old_banner"]);
  expect([...api.customTypes.keys()].sort()).toEqual(fs.readdirSync(path.join(ROOT, "customtypes")).sort());
  expect(api.slices.size).toBe(slicesOnDisk);
});

test("an invalid model stops the push before any request, naming the problem", async () => {
  const file = path.join(models.root, "customtypes/page/index.json");
  const page = JSON.parse(fs.readFileSync(file, "utf8"));
  page.json.Main.slices.config.choices.no_such_slice = { type: "SharedSlice" };
  fs.writeFileSync(file, JSON.stringify(page, null, 2));
  const requests = api.requests.length;
  const run = await push();
  expect(run.status).toBe(1);
  expect(run.stderr).toContain(
    'customtypes/page/index.json: slice zone "slices" offers "no_such_slice", which has no shared slice model',
  );
  expect(api.requests.length).toBe(requests);
});

test("a wrong token is reported as the API's refusal, with no stack trace", async () => {
  const run = await runScript(PUSH, [], {
    cwd: ROOT,
    env: { PRISMIC_REPOSITORY: REPOSITORY, PRISMIC_WRITE_TOKEN: "wrong", PRISMIC_CUSTOM_TYPES_API: api.endpoint },
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(/^The Custom Types API refused: UnauthorizedError/);
  expect(run.stderr).not.toMatch(/\n\s+at /);
});

test("missing settings stop it with a message naming them", async () => {
  const run = await runScript(PUSH, [], {
    cwd: ROOT,
    env: { PRISMIC_REPOSITORY: undefined, PRISMIC_WRITE_TOKEN: undefined },
  });
  expect(run.status).toBe(2);
  expect(run.stderr).toContain("PRISMIC_REPOSITORY:");
  expect(run.stderr).toContain("PRISMIC_WRITE_TOKEN:");
});

describe("screenshots", () => {
  let shotsApi: CustomTypesApiStandIn;
  let project: ProjectCopy;
  const run = (...args: string[]) =>
    runScript(PUSH, args, {
      cwd: project.root,
      env: {
        PRISMIC_REPOSITORY: REPOSITORY,
        PRISMIC_WRITE_TOKEN: TOKEN,
        PRISMIC_CUSTOM_TYPES_API: shotsApi.endpoint,
        PRISMIC_ASSET_API: shotsApi.endpoint,
      },
    });
  const heroShot = (variation: string) => path.join(project.root, `views/slices/Hero/screenshot-${variation}.png`);

  beforeAll(async () => {
    shotsApi = await startCustomTypesApiStandIn({ repository: REPOSITORY, token: TOKEN });
    project = copyModelFiles("prismic-push-shots-");
    for (const variation of ["default", "withVideo"])
      fs.copyFileSync(path.join(ROOT, `views/slices/Hero/screenshot-${variation}.png`), heroShot(variation));
  });
  afterAll(async () => {
    await shotsApi?.close();
    project?.remove();
  });

  test("a dry run says which screenshots it would upload and sends nothing", async () => {
    const dry = await run("--dry-run");
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain("would upload screenshot Hero/screenshot-default.png");
    expect(dry.stdout).toContain("would upload screenshot Hero/screenshot-withVideo.png");
    expect(shotsApi.writes()).toEqual([]);
  });

  test("each variation's screenshot is uploaded to the media library and becomes its imageUrl", async () => {
    const first = await run();
    expect(first.status).toBe(0);
    expect(shotsApi.assets.map((a) => a.filename)).toEqual([
      expect.stringMatching(/^hero-default-[0-9a-f]{32}\.png$/),
      expect.stringMatching(/^hero-withVideo-[0-9a-f]{32}\.png$/),
    ]);
    expect(shotsApi.assets[0]!.bytes.equals(fs.readFileSync(heroShot("default")))).toBe(true);
    const hero = shotsApi.slices.get("hero") as unknown as { variations: { id: string; imageUrl: string }[] };
    expect(hero.variations.map((v) => v.imageUrl)).toEqual(shotsApi.assets.map((a) => a.url));
    // Slices without a screenshot keep theirs (none in this copy).
    expect(
      (shotsApi.slices.get("faq") as unknown as { variations: { imageUrl: string }[] }).variations[0]!.imageUrl,
    ).toBe("");
  });

  test("an unchanged screenshot is neither uploaded again nor a change; a new one is one upload and one update", async () => {
    const uploads = shotsApi.assets.length;
    const writes = shotsApi.writes().length;
    const again = await run();
    expect(again.status).toBe(0);
    expect(shotsApi.assets.length).toBe(uploads);
    expect(shotsApi.writes().length).toBe(writes);

    // A new picture of one variation (another PNG's bytes will do).
    fs.copyFileSync(path.join(ROOT, "views/slices/Faq/screenshot-default.png"), heroShot("withVideo"));
    const changed = await run();
    expect(changed.status).toBe(0);
    expect(shotsApi.assets.length).toBe(uploads + 1);
    expect(shotsApi.assets.at(-1)!.filename).toMatch(/^hero-withVideo-/);
    expect(
      shotsApi
        .writes()
        .slice(writes)
        .map((w) => `${w.method} ${w.path}`),
    ).toEqual(["POST /assets", "POST /slices/update"]);
    const hero = shotsApi.slices.get("hero") as unknown as { variations: { id: string; imageUrl: string }[] };
    expect(hero.variations.find((v) => v.id === "withVideo")!.imageUrl).toBe(shotsApi.assets.at(-1)!.url);
  });
});
