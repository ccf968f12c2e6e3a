/**
 * Content shared between requests is frozen all the way down (server/content/deepFreeze.ts), so a
 * render that tried to change it fails loudly instead of changing the next render.
 */
import { deepFreeze } from "../server/content/deepFreeze";

test("every object and array inside is frozen, and the value is returned", () => {
  const document = { data: { title: [{ type: "heading1", text: "Oak", spans: [] }], tags: ["a"] }, uid: "oak" };
  const frozen = deepFreeze(document);
  expect(frozen).toBe(document);
  for (const value of [document, document.data, document.data.title, document.data.title[0], document.data.tags]) {
    expect(Object.isFrozen(value)).toBe(true);
  }
  // Test files are modules, in strict mode: writing to a frozen object throws.
  expect(() => {
    (document.data.title[0] as { text: string }).text = "Pine";
  }).toThrow(TypeError);
});

test("values that are not objects come back as they are", () => {
  for (const value of [null, undefined, 0, "text", true]) expect(deepFreeze(value)).toBe(value);
});

test("a shared part and a cycle are frozen once, without looping", () => {
  const shared: { link: object; self?: object } = { link: {} };
  shared.self = shared;
  const tree = { a: shared, b: shared };
  deepFreeze(tree);
  expect(Object.isFrozen(shared.link)).toBe(true);
});

test("an object already frozen is not walked again (its insides are taken as they are)", () => {
  const inner = { text: "still writable" };
  const outer = Object.freeze({ inner });
  deepFreeze({ outer });
  expect(Object.isFrozen(inner)).toBe(false);
});
