/** A refused post's plain page (server/requests/refusedPlainPage.ts): the errors, the way back, nothing else. */
import { LOCALES } from "../shared/locales";
import { refusedPlainPage } from "../server/requests/refusedPlainPage";

const [gb, us] = LOCALES;

test("lists each error, says nothing was sent and links to the form, in the page's language", () => {
  const html = refusedPlainPage(
    [
      { field: "email", message: "Enter an email address, like name@example.com" },
      { field: "room", message: "Choose the room" },
    ],
    "/us/requests/quote",
    us,
  );
  expect(html).toMatch(/^<!doctype html><html lang="en-US">/);
  expect(html).toContain("<li>Enter an email address, like name@example.com</li><li>Choose the room</li>");
  expect(html).toContain("Your request has not been sent yet");
  expect(html).toContain('<a href="/us/requests/quote">');
  expect(html).not.toMatch(/<script|<link|<style/);
});

test("escapes what it writes", () => {
  const html = refusedPlainPage([{ field: "x", message: '<img src=x onerror="1">' }], '/requests/"quote', gb);
  expect(html).toContain("<li>&lt;img src=x onerror=&quot;1&quot;&gt;</li>");
  expect(html).toContain('href="/requests/&quot;quote"');
  expect(html).toContain('lang="en-GB"');
});
