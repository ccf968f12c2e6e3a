/**
 * The ids editors give the widget slices (shared/widgetSettings.ts): an id reaches the vendor's
 * script as a `data-*` attribute only when it is one; anything else is left out, never passed on.
 */
import { POLICY_ID, REVIEWS_ID, validId } from "../shared/widgetSettings";

test.each([
  ["a product id", "SKU-123_a.b:c", REVIEWS_ID, "SKU-123_a.b:c"],
  ["trimmed", "  loc42 ", REVIEWS_ID, "loc42"],
  ["one character", "7", REVIEWS_ID, "7"],
  ["64 characters", "a".repeat(64), REVIEWS_ID, "a".repeat(64)],
  ["a policy id", "a1b2-c3_d4", POLICY_ID, "a1b2-c3_d4"],
])("takes %s", (_case, value, pattern, id) => {
  expect(validId(value, pattern)).toBe(id);
});

test.each([
  ["nothing", null, REVIEWS_ID],
  ["undefined", undefined, REVIEWS_ID],
  ["blank", "   ", REVIEWS_ID],
  ["markup", '"><script>x</script>', REVIEWS_ID],
  ["a leading dash", "-abc", REVIEWS_ID],
  ["65 characters", "a".repeat(65), REVIEWS_ID],
  ["a space inside", "loc 42", REVIEWS_ID],
  ["a policy id too short", "abc", POLICY_ID],
  ["a policy id with a dot", "abcd.efg", POLICY_ID],
])("leaves out %s", (_case, value, pattern) => {
  expect(validId(value, pattern)).toBeNull();
});
