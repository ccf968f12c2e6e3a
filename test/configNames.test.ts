/**
 * Settings that fail with their reason (docs/configuration.md): a bad PORT or SITE_URL says what
 * it must be, a SITE_URL with a path is refused, a variable that looks like one of ours but is not
 * is named with the closest known setting (server/configNames.ts), and `npm run dev` says the
 * same of a bad PORT as the server does, not Node's stack.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ConfigError, loadConfig, SETTING_NAMES } from "../server/config";
import { unknownSettings } from "../server/configNames";
import { ROOT } from "./support/testApp";

const messageOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return "accepted";
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
};

test.each(["abc", "-1", "65536", "80.5"])("PORT=%s names the variable and what it must be", (port) => {
  expect(messageOf({ PORT: port })).toBe("Invalid configuration:\n  PORT: a port number from 0 to 65535");
});

test.each(["example.com", "ftp://example.com", "https://www.example.com/shop", "https://www.example.com/?a=1", "//x"])(
  "SITE_URL=%s is refused with what it must be",
  (url) => {
    expect(messageOf({ SITE_URL: url })).toBe(
      "Invalid configuration:\n  SITE_URL: an absolute http(s):// origin without a path, like https://www.example.com (the site is served at the root of its host: a path prefix is not supported)",
    );
  },
);

test("an origin, with or without its slash, is taken as the origin", () => {
  expect(loadConfig({ SITE_URL: "https://www.example.com/" }).SITE_URL).toBe("https://www.example.com");
  expect(loadConfig({ SITE_URL: "http://localhost:8080" }).SITE_URL).toBe("http://localhost:8080");
});

test("a variable with one of our prefixes that no setting has is named, with the closest setting", () => {
  expect(
    unknownSettings(
      { PRISMIC_REPOSITRY: "x", META_PIXELID: "1", REQUESTS_WEBHOOK: "x", HOME: "/root", PRISMIC_REPOSITORY: "y" },
      SETTING_NAMES,
    ),
  ).toEqual([
    "META_PIXELID is not a setting of this site: did you mean META_PIXEL_ID? (docs/configuration.md)",
    "PRISMIC_REPOSITRY is not a setting of this site: did you mean PRISMIC_REPOSITORY? (docs/configuration.md)",
    "REQUESTS_WEBHOOK is not a setting of this site: did you mean REQUESTS_WEBHOOK_URL? (docs/configuration.md)",
  ]);
  // A typo in the prefix itself: long and two letters off a setting.
  expect(unknownSettings({ CONTNET_REF_TTL_MS: "1", METRICS_TOKN: "x" }, SETTING_NAMES)).toEqual([
    "CONTNET_REF_TTL_MS is not a setting of this site: did you mean CONTENT_REF_TTL_MS? (docs/configuration.md)",
    "METRICS_TOKN is not a setting of this site: did you mean METRICS_TOKEN? (docs/configuration.md)",
  ]);
  // Short names near a setting are other software's (PATH is one letter from PORT's length).
  expect(unknownSettings({ HOME: "/root", HOST: "x", PATH: "/bin", HOSTNAME: "x", PWD: "/" }, SETTING_NAMES)).toEqual(
    [],
  );
  // Far from every setting: another program's variable (Python's requests library), left alone.
  expect(
    unknownSettings({ REQUESTS_CA_BUNDLE: "/etc/ssl/certs.pem", GTM_SOMETHING_ELSE_ENTIRELY: "x" }, SETTING_NAMES),
  ).toEqual([]);
});

test("every setting and the project's own tools' variables are known", () => {
  const env = Object.fromEntries(SETTING_NAMES.map((name) => [name, "x"]));
  expect(
    unknownSettings({ ...env, SLICE_MACHINE_HOST: "x", PRISMIC_LOOPBACK_ORIGIN: "x", SITE_DIR: "x" }, SETTING_NAMES),
  ).toEqual([]);
});

test("npm run dev with PORT=abc says what the server would, and exits 1 before building", () => {
  const result = spawnSync(process.execPath, [path.join(ROOT, "scripts/dev.mjs")], {
    env: { ...process.env, PORT: "abc" },
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toBe('Invalid configuration:\n  PORT: a port number from 0 to 65535 (it is "abc")\n');
});
