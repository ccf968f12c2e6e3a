/**
 * What the configured tags may reach besides their scripts (which the nonce and
 * 'strict-dynamic' admit): each script's own origin for connect-src and img-src (and frame-src
 * for the widgets and Tag Manager), plus the hosts the vendor's production script is known to
 * call. Nothing is added for a tag that is not configured.
 */
import { gtmScriptUrl, klaviyoScriptUrl } from "./publicConfig";
import type { TagSettings } from "./tagSettings";

export interface TagCspSources {
  connectSrc: string[];
  imgSrc: string[];
  frameSrc: string[];
}

interface VendorHosts {
  /** The production script's host (or a subdomain of it). */
  host: string;
  connect: readonly string[];
  img: readonly string[];
}

/**
 * Google's documented hosts for GTM with GA4, and Meta's pixel (which sets the `_fbp` cookie
 * the conversion relay reads) when the container loads it. A container that loads other
 * vendors needs their hosts too.
 */
const GOOGLE_TAG_MANAGER: VendorHosts = {
  host: "googletagmanager.com",
  connect: [
    "https://*.googletagmanager.com",
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://www.facebook.com",
  ],
  img: ["https://*.googletagmanager.com", "https://*.google-analytics.com", "https://www.facebook.com"],
};
const KLAVIYO: VendorHosts = {
  host: "klaviyo.com",
  connect: ["https://*.klaviyo.com"],
  img: ["https://*.klaviyo.com"],
};
const USERCENTRICS: VendorHosts = {
  host: "usercentrics.eu",
  connect: ["https://*.usercentrics.eu"],
  img: ["https://*.usercentrics.eu"],
};

const onHost = (url: URL, host: string) => url.hostname === host || url.hostname.endsWith(`.${host}`);

export function tagCspSources(settings: TagSettings): TagCspSources {
  const tags: Array<{ src: string | null | undefined; vendor?: VendorHosts; frames: boolean }> = [
    { src: gtmScriptUrl(settings), vendor: GOOGLE_TAG_MANAGER, frames: true },
    { src: klaviyoScriptUrl(settings), vendor: KLAVIYO, frames: false },
    { src: settings.USERCENTRICS_SETTINGS_ID ? settings.USERCENTRICS_SRC : null, vendor: USERCENTRICS, frames: false },
    { src: settings.REVIEWS_WIDGET_SRC, frames: true },
    { src: settings.PRIVACY_POLICY_SCRIPT_SRC, frames: true },
  ];
  const connect = new Set<string>();
  const img = new Set<string>();
  const frame = new Set<string>();
  for (const tag of tags) {
    if (!tag.src) continue;
    const url = new URL(tag.src);
    connect.add(url.origin);
    img.add(url.origin);
    if (tag.frames) frame.add(url.origin);
    if (tag.vendor && onHost(url, tag.vendor.host)) {
      for (const s of tag.vendor.connect) connect.add(s);
      for (const s of tag.vendor.img) img.add(s);
    }
  }
  return { connectSrc: [...connect], imgSrc: [...img], frameSrc: [...frame] };
}
