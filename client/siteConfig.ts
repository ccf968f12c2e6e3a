/** The public configuration the server wrote into the page (shared/siteConfig.ts); null on pages without tags. */
import { SITE_CONFIG_ELEMENT_ID, type PublicSiteConfig } from "../shared/siteConfig";

export function readSiteConfig(): PublicSiteConfig | null {
  const json = document.getElementById(SITE_CONFIG_ELEMENT_ID)?.textContent;
  if (!json) return null;
  try {
    return JSON.parse(json) as PublicSiteConfig;
  } catch (error) {
    console.warn("tags: unreadable site configuration", error);
    return null;
  }
}
