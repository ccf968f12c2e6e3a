/**
 * Whether Slice Machine has a Prismic login (scripts/lib/prismicLogin.mjs): read as its auth
 * manager reads `~/.prismic`, so `npm run slicemachine` explains the 500s only when there is none
 * (docs/prismic.md).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hasPrismicLogin } from "../scripts/lib/prismicLogin.mjs";

let home: string;
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), "prismic-login-"));
});
afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

const saved = (state: unknown) =>
  fs.writeFileSync(path.join(home, ".prismic"), typeof state === "string" ? state : JSON.stringify(state));

test("a login as Slice Machine writes it (one cookie string) or as an object: logged in", () => {
  saved({ base: "https://prismic.io", cookies: "prismic-auth=a.b.c=; SESSION=s1" });
  expect(hasPrismicLogin(home)).toBe(true);
  saved({ base: "https://prismic.io", cookies: { "prismic-auth": "a.b.c", SESSION: "s1" } });
  expect(hasPrismicLogin(home)).toBe(true);
});

test("no file, Slice Machine's empty state, a cookie missing or a broken file: no login", () => {
  expect(hasPrismicLogin(home)).toBe(false);
  saved({ base: "https://prismic.io", cookies: "" });
  expect(hasPrismicLogin(home)).toBe(false);
  saved({ base: "https://prismic.io", cookies: "prismic-auth=a.b.c" });
  expect(hasPrismicLogin(home)).toBe(false);
  saved({ base: "https://prismic.io", cookies: { SESSION: "s1", "prismic-auth": "" } });
  expect(hasPrismicLogin(home)).toBe(false);
  saved("{ not json");
  expect(hasPrismicLogin(home)).toBe(false);
});
