/** "image with text", "image_with_text", "ImageWithText" → "ImageWithText" (as Slice Machine names slice folders). */
export function pascalCase(input: string): string {
  return input
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join("");
}
