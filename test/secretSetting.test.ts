/** A secret setting (server/secretSetting.ts): long enough, and never a value copied from an example. */
import { secret } from "../server/secretSetting";

test.each([
  "replace-with-a-long-random-token",
  "change-me-change-me",
  "your-token-goes-here",
  "xxxxxxxxxxxxxxxxxx",
  "<a-token-of-your-own>",
])("%s is refused as a placeholder", (value) => {
  const result = secret(16).safeParse(value);
  expect(result.success).toBe(false);
  expect(result.error?.issues[0].message).toMatch(/a placeholder/);
});

test("a made-up secret of the length asked for passes; a shorter one is refused with the length", () => {
  expect(secret(16).safeParse("k9Qz8vLr3Tn5Wb1Xm7Pd").success).toBe(true);
  expect(secret(16).safeParse("k9Qz8vLr").error?.issues[0].message).toBe("at least 16 characters");
  expect(secret(1).safeParse("").error?.issues[0].message).toBe("not empty");
});
