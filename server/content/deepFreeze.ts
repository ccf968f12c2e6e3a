/**
 * Content shared between requests is frozen: a render that tried to change it would fail loudly
 * rather than change the next render, and what is derived from it (the browser payload, image
 * sources, resolved links) may be kept per frozen value, once per content version.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
