/**
 * The hydration JSON reuses the JSON of frozen (shared, per content version) values instead of
 * serializing them on every render (docs/capacity.md): it must be what JSON.stringify writes, byte for byte.
 */
import type { StaticHandlerContext } from "react-router";
import { hydrationJson } from "../server/render/hydrationScript";

const deepFreeze = <T>(value: T): T => {
  if (typeof value === "object" && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
};

const contextOf = (loaderData: Record<string, unknown>, errors: StaticHandlerContext["errors"] = null) =>
  ({ loaderData, actionData: null, errors }) as unknown as StaticHandlerContext;

/** JSON.stringify's output, with what could end a script element escaped (the same value once parsed). */
const expected = (context: StaticHandlerContext, errors: unknown = null) =>
  JSON.stringify({ loaderData: context.loaderData, actionData: context.actionData, errors }).replace(
    /[<\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

test("mixed frozen and fresh values: what JSON.stringify writes, on every render", () => {
  const shared = deepFreeze({
    title: 'A "quoted" <title> \u2028',
    list: [1, "two", null, { nested: true }],
    when: "2026-01-01",
  });
  const sparse: unknown[] = [1];
  sparse[3] = 4;
  for (let render = 0; render < 2; render++) {
    const context = contextOf({
      root: { chrome: shared, fresh: { count: render, skipped: undefined, fn: () => 1 } },
      "routes/page": {
        items: [shared, undefined, () => 1, sparse],
        date: new Date(0),
        map: new Map([["a", 1]]),
        boxed: new String("text"),
        nothing: null,
        number: Number.NaN,
      },
      absent: undefined,
    });
    expect(hydrationJson(context)).toBe(expected(context));
  }
});

test("a frozen value's JSON is the same wherever it appears", () => {
  const shared = deepFreeze({ a: [1, 2], b: { c: "d" } });
  const first = contextOf({ one: shared });
  const second = contextOf({ two: { inner: shared }, three: [shared] });
  expect(hydrationJson(first)).toBe(expected(first));
  expect(hydrationJson(second)).toBe(expected(second));
});

test("nothing in the data can end its script element, frozen or fresh, key or value", () => {
  const frozen = deepFreeze({ "</script><b>": "</script><script>alert(1)</script>", line: "\u2028\u2029" });
  for (let render = 0; render < 3; render++) {
    const context = contextOf({ root: { frozen, fresh: { "<key>": `</script>${render}` } } });
    const text = hydrationJson(context);
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(text).toBe(expected(context));
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(context)));
  }
});

test("errors serialized as React Router does", () => {
  const context = contextOf({ root: { ok: true } }, { "routes/page": new TypeError("boom") });
  expect(JSON.parse(hydrationJson(context))).toEqual({
    loaderData: { root: { ok: true } },
    actionData: null,
    errors: { "routes/page": { message: "boom", __type: "Error", __subType: "TypeError" } },
  });
});
