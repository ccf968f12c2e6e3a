/**
 * The footer's Klaviyo form id (shared/klaviyoFormId.ts): it becomes a class name and an event's
 * name, so only letters and digits (up to 40) pass.
 */
import { isKlaviyoFormId } from "../shared/klaviyoFormId";

test.each([
  ["RkTq8v", true],
  ["a".repeat(40), true],
  ["a".repeat(41), false],
  ["", false],
  ["Rk-Tq8v", false],
  ["Rk Tq8v", false],
  ["Rk.Tq8v", false],
  [42, false],
  [null, false],
])("Klaviyo form id %j: %s", (value, expected) => {
  expect(isKlaviyoFormId(value)).toBe(expected);
});
