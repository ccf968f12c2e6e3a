/** First-party cookies of the browser side: read, write (Path=/, SameSite=Lax, Secure over HTTPS) and delete. */

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** A session cookie unless `maxAgeSeconds` is given. */
export function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  const lifetime = maxAgeSeconds === undefined ? "" : `; Max-Age=${maxAgeSeconds}`;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the one module that writes cookies; cookieStore is async and missing from older Safari
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${lifetime}${secure}`;
}

export function deleteCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the one module that writes cookies (see writeCookie)
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}
