/**
 * The players we build for embeds (shared/embedPlayer.ts): only YouTube and Vimeo, from the video's
 * id, on their privacy-friendly hosts; provider HTML is never used, so anything else plays nothing.
 */
import { EMBED_FRAME_ORIGINS, embedPlayer } from "../shared/embedPlayer";

const youtube = (id: string) => ({
  provider: "YouTube",
  src: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`,
});
const vimeo = (id: string) => ({ provider: "Vimeo", src: `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1` });

test.each([
  ["a watch page", "https://www.youtube.com/watch?v=dQw4w9WgXcQ", youtube("dQw4w9WgXcQ")],
  ["a watch page with a time", "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s", youtube("dQw4w9WgXcQ")],
  ["the mobile site", "https://m.youtube.com/watch?v=dQw4w9WgXcQ", youtube("dQw4w9WgXcQ")],
  ["a short link", "https://youtu.be/dQw4w9WgXcQ", youtube("dQw4w9WgXcQ")],
  ["an embed URL", "https://www.youtube.com/embed/dQw4w9WgXcQ", youtube("dQw4w9WgXcQ")],
  ["a Short", "https://youtube.com/shorts/abcDEF_123", youtube("abcDEF_123")],
  ["already no-cookie", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", youtube("dQw4w9WgXcQ")],
  ["over http", "http://www.youtube.com/watch?v=dQw4w9WgXcQ", youtube("dQw4w9WgXcQ")],
  ["a Vimeo page", "https://vimeo.com/76979871", vimeo("76979871")],
  ["a Vimeo channel video", "https://vimeo.com/channels/staffpicks/76979871", vimeo("76979871")],
  ["a Vimeo player URL", "https://player.vimeo.com/video/76979871", vimeo("76979871")],
])("%s", (_case, url, player) => {
  expect(embedPlayer(url)).toEqual(player);
});

test.each([
  ["nothing", null],
  ["an empty URL", ""],
  ["not a URL", "youtube dQw4w9WgXcQ"],
  ["a javascript: URL", "javascript:alert('youtube.com')"],
  ["another provider", "https://www.dailymotion.com/video/x7tgad0"],
  ["a look-alike host", "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ"],
  ["a YouTube id with markup in it", 'https://www.youtube.com/watch?v=abc"><script>'],
  ["a YouTube id too short", "https://youtu.be/abc"],
  ["a YouTube page that is no video", "https://www.youtube.com/feed/trending"],
  ["a Vimeo page without a video", "https://vimeo.com/channels/staffpicks"],
  ["a Vimeo id too long", "https://vimeo.com/1234567890123"],
])("plays nothing for %s", (_case, url) => {
  expect(embedPlayer(url)).toBeNull();
});

test("every player comes from an origin the policy's frame-src lists", () => {
  for (const url of ["https://youtu.be/dQw4w9WgXcQ", "https://vimeo.com/76979871"]) {
    expect(EMBED_FRAME_ORIGINS).toContain(new URL(embedPlayer(url)!.src).origin);
  }
});
