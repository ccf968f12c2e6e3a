/**
 * Requests a page until the page cache answers it (`X-Cache: HIT`), bounded: the first answer
 * renders, and the compressed copies are stored just after it.
 */
import request from "supertest";

export async function warmPage(
  app: Parameters<typeof request>[0],
  path: string,
  headers: Record<string, string> = {},
): Promise<request.Response> {
  for (let i = 0; i < 40; i++) {
    const res = await request(app).get(path).set(headers);
    if (res.headers["x-cache"] === "HIT") return res;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${path} never came from the cache`);
}
