/**
 * Local stand-ins for the third-party scripts (docs/architecture.md: tests only talk to 127.0.0.1): a tiny
 * server on a loopback port of its own, so a different origin from the site, serving Tag
 * Manager's gtm.js, klaviyo.js, Usercentrics' loader.js, a reviews widget and a privacy-policy
 * script. Each records in `window.__standIns` that it ran and what it saw; the production URLs
 * stay the defaults in server/tags/tagSettings.ts, and the site is pointed here by its settings.
 */
import http from "node:http";
import type net from "node:net";

/** What the stand-ins recorded in the page. */
export interface StandInRecord {
  gtmRuns?: number;
  /** dataLayer as Tag Manager found it when it ran: gtag commands as arrays. */
  gtmDataLayer?: unknown[];
  klaviyoRuns?: number;
  /** performance.now() when klaviyo.js ran, and the `__kla_off` cookie then. */
  klaviyoAt?: number;
  klaviyoOffCookie?: string | null;
  klaviyoCompanyId?: string | null;
  ucSettingsId?: string | null;
  ucSecondLayer?: number;
  reviewsRuns?: number;
  /** What each filled reviews slot was about (product, location or `company`), in order. */
  reviewsFilled?: string[];
  privacyPolicyRuns?: number;
}

const RECORD = "var s=window.__standIns=window.__standIns||{};";

const SCRIPTS: Record<string, string> = {
  "/gtm.js": `(function(){${RECORD}s.gtmRuns=(s.gtmRuns||0)+1;
s.gtmDataLayer=(window.dataLayer||[]).map(function(e){return e&&typeof e==="object"&&"length" in e?Array.prototype.slice.call(e):e;});})();`,
  "/klaviyo.js": `(function(){${RECORD}s.klaviyoRuns=(s.klaviyoRuns||0)+1;s.klaviyoAt=performance.now();
var m=document.cookie.match(/(?:^|; )__kla_off=([^;]*)/);s.klaviyoOffCookie=m?m[1]:null;
s.klaviyoCompanyId=new URL(document.currentScript.src).searchParams.get("company_id");
document.querySelectorAll('[class^="klaviyo-form-"]').forEach(function(el){if(!el.querySelector("form")){var f=document.createElement("form");f.className="klaviyo-stand-in";el.appendChild(f);}});})();`,
  // Usercentrics v3's browser API as far as the site uses it; __ucStandIn.decide() plays the visitor.
  "/loader.js": `(function(){${RECORD}var tag=document.getElementById("usercentrics-cmp");s.ucSettingsId=tag&&tag.getAttribute("data-settings-id");
var details=JSON.parse(localStorage.getItem("ucStandIn")||"null")||{consent:{required:true,type:"IMPLICIT"},categories:{essential:{state:"ALL_ACCEPTED"},functional:{state:"ALL_DENIED"},marketing:{state:"ALL_DENIED"}}};
var copy=function(){return JSON.parse(JSON.stringify(details));};
window.__ucCmp={getConsentDetails:function(){return Promise.resolve(copy());},showSecondLayer:function(){s.ucSecondLayer=(s.ucSecondLayer||0)+1;}};
window.__ucStandIn={decide:function(categories){details={consent:{required:false,type:"EXPLICIT"},categories:categories};localStorage.setItem("ucStandIn",JSON.stringify(details));window.dispatchEvent(new CustomEvent("UC_CONSENT",{detail:copy()}));}};
window.dispatchEvent(new CustomEvent("UC_UI_INITIALIZED"));window.dispatchEvent(new CustomEvent("UC_CONSENT",{detail:copy()}));})();`,
  // The widgets fill every empty slot they find when they run (client/pageScripts.ts runs them again for later slots).
  "/reviews.js": `(function(){${RECORD}s.reviewsRuns=(s.reviewsRuns||0)+1;s.reviewsFilled=s.reviewsFilled||[];
document.querySelectorAll('[data-script-slot="reviews"]').forEach(function(el){if(el.firstChild)return;
var about=el.getAttribute("data-reviews-product")||el.getAttribute("data-reviews-location")||"company";s.reviewsFilled.push(about);
var w=document.createElement("div");w.className="reviews-stand-in";w.setAttribute("data-about",about);
w.innerHTML='<p class="reviews-stand-in__score"><span aria-hidden="true">\u2605\u2605\u2605\u2605\u2605</span> 4.9 out of 5, from 212 reviews</p><blockquote><p>\u201cBeautifully made and fitted without a hitch.\u201d</p><footer>Verified customer</footer></blockquote>';el.appendChild(w);});})();`,
  "/privacy-policy.js": `(function(){${RECORD}s.privacyPolicyRuns=(s.privacyPolicyRuns||0)+1;
document.querySelectorAll('[data-script-slot="privacy-policy"]').forEach(function(el){if(el.firstChild)return;
var w=document.createElement("div");w.className="privacy-policy-stand-in";w.setAttribute("data-policy",el.getAttribute("data-policy-id")||"");
w.innerHTML='<h2>Privacy policy</h2><p>Generated policy '+(el.getAttribute("data-policy-id")||"")+'.</p><h3>What we collect</h3><p>Your name, contact details and the plans you share with us.</p>';el.appendChild(w);});})();`,
};

export interface StandIns {
  origin: string;
  /** The site's tag settings pointing at the stand-ins (no consent manager choice: add USERCENTRICS_SETTINGS_ID for the CMP). */
  env: Record<string, string>;
  close: () => Promise<void>;
}

export async function startStandIns(): Promise<StandIns> {
  const server = http.createServer((req, res) => {
    const body = SCRIPTS[new URL(req.url ?? "/", "http://stand-in").pathname];
    res.writeHead(body ? 200 : 404, { "Content-Type": "text/javascript", "Cache-Control": "no-store" });
    res.end(body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    origin,
    env: {
      GTM_ID: "GTM-STANDIN1",
      GTM_SRC: `${origin}/gtm.js`,
      KLAVIYO_COMPANY_ID: "AbC123",
      KLAVIYO_SRC: `${origin}/klaviyo.js`,
      USERCENTRICS_SRC: `${origin}/loader.js`,
      REVIEWS_WIDGET_SRC: `${origin}/reviews.js`,
      PRIVACY_POLICY_SCRIPT_SRC: `${origin}/privacy-policy.js`,
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
