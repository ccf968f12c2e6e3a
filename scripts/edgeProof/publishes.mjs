/**
 * The edge proof's publishes (scripts/edgeProof.mjs), each as an editor makes it: the demo content
 * with one change, published in the Prismic stand-in (a new master ref), then Prismic's webhook
 * call to one instance only (as nginx would route it), with Prismic's body.
 */
export const ARTICLE_ID = "article-choosing-a-worktop-gb";
export const ARTICLE_PATH = "/info/blog/choosing-a-worktop";
export const MENU_ID = "nav-primary-nav-gb";
export const WEBHOOK_SECRET = "edge-proof-webhook-secret-0123";

/** `documents` with the article's title and publication time replaced. */
export function withArticleTitle(documents, title, at = new Date()) {
  return documents.map((doc) => {
    if (doc.id !== ARTICLE_ID) return doc;
    const copy = structuredClone(doc);
    copy.data.title = title;
    copy.last_publication_date = at.toISOString().replace(/\.\d+Z$/, "+0000");
    return copy;
  });
}

/** `documents` with the primary menu's first link relabelled (shown in every en-GB page's header). */
export function withMenuLabel(documents, label) {
  return documents.map((doc) => {
    if (doc.id !== MENU_ID) return doc;
    const copy = structuredClone(doc);
    copy.data.body[0].items[0].label = label;
    copy.last_publication_date = new Date().toISOString().replace(/\.\d+Z$/, "+0000");
    return copy;
  });
}

/** Publishes `documents` in the stand-in and calls the webhook of `instanceUrl` alone; resolves when it answered. */
export async function publish(standIn, documents, instanceUrl, ids) {
  standIn.publish(documents);
  const api = await (await fetch(standIn.endpoint)).json();
  const masterRef = api.refs.find((r) => r.isMasterRef).ref;
  const startedAt = performance.now();
  const res = await fetch(`${instanceUrl}/api/prismic-webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${WEBHOOK_SECRET}` },
    body: JSON.stringify({ type: "api-update", masterRef, documents: ids, releases: {}, masks: {}, tags: {} }),
  });
  if (!res.ok) throw new Error(`webhook: ${res.status} ${await res.text()}`);
  return { startedAt, masterRef };
}
