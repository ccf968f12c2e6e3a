/**
 * The app's modules, as the server names them (`<meta name="app-modules">`): the chunks of this
 * page's build. Apart from client/chunkErrors.ts, which re-exports it, so the entry can name them
 * before interaction without carrying the recovery from a failed load (docs/behaviour.md section
 * 7.5, budgets.json).
 */
export function appModuleUrls(): string[] {
  return document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')?.content.split(" ").filter(Boolean) ?? [];
}
