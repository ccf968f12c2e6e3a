/**
 * Whether the visitor's connection allows speculative downloads (client/connection.ts): not when
 * the visitor saves data, nor on 2g or slow-2g; yes otherwise, and where the browser says nothing.
 */
import { canPrefetch } from "../client/connection";

const saved = Object.getOwnPropertyDescriptor(globalThis, "navigator");
function connection(value: unknown) {
  Object.defineProperty(globalThis, "navigator", { value: { connection: value }, configurable: true });
}
afterEach(() => {
  if (saved) Object.defineProperty(globalThis, "navigator", saved);
});

test.each([
  ["no Network Information API (Safari, Firefox)", undefined, true],
  ["4g", { effectiveType: "4g" }, true],
  ["3g", { effectiveType: "3g", saveData: false }, true],
  ["2g", { effectiveType: "2g" }, false],
  ["slow-2g", { effectiveType: "slow-2g" }, false],
  ["Save-Data on a fast connection", { effectiveType: "4g", saveData: true }, false],
])("%s: %s", (_case, value, allowed) => {
  connection(value);
  expect(canPrefetch()).toBe(allowed);
});
