/**
 * Start-up of the built server: configuration and content are checked before listening,
 * and a bad value stops the start with a message that names it: a secret left as a deploy
 * file's placeholder too (docs/security.md, "Deployment").
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "yaml";
import { loadConfig } from "../server/config";
import { ROOT, startBuiltServer } from "./support/builtServer";

function startAndFail(env: Record<string, string>) {
  return spawnSync(process.execPath, [path.join(ROOT, "dist/server/index.js")], {
    cwd: ROOT,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    encoding: "utf8",
    timeout: 15_000,
  });
}

function tempContent(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-"));
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), typeof body === "string" ? body : JSON.stringify(body));
  }
  return dir;
}

const home = (lang: string) => ({
  id: `home-${lang}`,
  uid: null,
  type: "home",
  lang,
  data: { title: `Home of ${lang}`, meta_title: null, meta_description: null, meta_image: {}, slices: [] },
});

test("a document file that is not JSON stops start-up with a message naming the file", () => {
  const dir = tempContent({ "en-gb/home.json": home("en-gb"), "en-gb/broken.json": "{ not json" });
  const result = startAndFail({ CONTENT_DIR: dir });
  expect(result.status).toBe(1);
  expect(result.stdout + result.stderr).toContain("broken.json");
});

test("a document without a type stops start-up with a message naming the file", () => {
  const { type: _type, ...untyped } = home("en-gb");
  const dir = tempContent({ "en-gb/home.json": home("en-gb"), "en-gb/untyped.json": untyped });
  const result = startAndFail({ CONTENT_DIR: dir });
  expect(result.status).toBe(1);
  expect(result.stdout + result.stderr).toMatch(/untyped\.json/);
});

test("an invalid Prismic repository name stops start-up naming the variable", () => {
  const result = startAndFail({ PRISMIC_REPOSITORY: "a_b" });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("PRISMIC_REPOSITORY");
});

test("an invalid port stops start-up naming the variable", () => {
  const result = startAndFail({ PORT: "eighty" });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("PORT");
});

test("CONTENT_DIR pointed at another folder of documents serves those documents", async () => {
  const dir = tempContent({ "gb/home.json": home("en-gb"), "us/home.json": home("en-us") });
  const server = await startBuiltServer({ CONTENT_DIR: dir });
  try {
    const gb = await fetch(`${server.url}/`);
    expect(gb.status).toBe(200);
    expect(await gb.text()).toContain("<title>Home of en-gb");
    const us = await fetch(`${server.url}/us`);
    expect(await us.text()).toContain("<title>Home of en-us");
    // Without navigation documents the site still renders, with empty menus.
    expect((await fetch(`${server.url}/gallery`)).status).toBe(200);
  } finally {
    await server.stop();
  }
});

describe("secrets left as the deploy files' placeholders", () => {
  const secretYaml = parse(fs.readFileSync(path.join(ROOT, "deploy/kubernetes/secret.yaml"), "utf8")) as {
    stringData: Record<string, string>;
  };

  test("every placeholder of deploy/kubernetes/secret.yaml stops start-up, naming its variable", () => {
    const result = startAndFail(secretYaml.stringData);
    expect(result.status).toBe(1);
    for (const name of Object.keys(secretYaml.stringData))
      expect(result.stderr).toMatch(new RegExp(`${name}: .*placeholder`));
  });

  test.each([
    ["PRISMIC_WEBHOOK_SECRET", "change-me-change-me-change-me"],
    ["PRISMIC_WEBHOOK_SECRET", "short-secret"],
    ["METRICS_TOKEN", "replace-me-with-a-token"],
    ["PRISMIC_ACCESS_TOKEN", "your-access-token"],
    ["META_ACCESS_TOKEN", "<META_ACCESS_TOKEN>"],
    ["META_ACCESS_TOKEN", "example-token"],
  ])("%s=%s is refused at start, the message naming the variable", (name, value) => {
    const env: Record<string, string> = { [name]: value };
    if (name === "META_ACCESS_TOKEN") env.META_PIXEL_ID = "1234567890";
    expect(() => loadConfig(env, ROOT)).toThrow(new RegExp(`^\\s+${name}: `, "m"));
  });

  test("made-up secrets start", () => {
    const config = loadConfig(
      {
        PRISMIC_WEBHOOK_SECRET: "q8Zr1vM3xT0kLp7sWbN2",
        METRICS_TOKEN: "Hd93kLq0ZpWm71xRt5vB",
        PRISMIC_ACCESS_TOKEN: "MC5aX2abc.def",
        META_PIXEL_ID: "1",
        META_ACCESS_TOKEN: "EAAGm0PX4ZCpsBA",
      },
      ROOT,
    );
    expect(config.METRICS_TOKEN).toBe("Hd93kLq0ZpWm71xRt5vB");
  });
});
