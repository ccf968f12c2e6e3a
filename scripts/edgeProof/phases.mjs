/**
 * The edge proof's publishes (scripts/edgeProof.mjs, steps 2 to 5), each timed through nginx as a
 * visitor sees it. `ctx`: the stand-in, the demo documents, the two instances (A takes every
 * webhook), Varnish, its purge gate and backend log, nginx, the URL mix.
 */
import { BROWSER } from "./mix.mjs";
import { ARTICLE_ID, ARTICLE_PATH, MENU_ID, publish, withArticleTitle, withMenuLabel } from "./publishes.mjs";
import { samples, scrape, timeToFresh } from "./watch.mjs";

const ARTICLE_KEYS = ["d-article-choosing-a-worktop-gb", "d-article-choosing-a-worktop-us", "t-article"];
/** A URL as nginx's cache key holds it: campaign parameters (utm_*, fbclid, gclid) left out. */
const withoutCampaign = (url) => {
  const u = new URL(url, "http://x");
  for (const name of [...u.searchParams.keys()]) if (/^(utm_|fbclid$|gclid$)/.test(name)) u.searchParams.delete(name);
  return u.pathname + u.search;
};
const get = (url, headers = BROWSER) =>
  fetch(url, { headers }).then(async (r) => ({ status: r.status, headers: r.headers, body: await r.text() }));
/** Objects Varnish said it purged (xkey's count, its X-Purged answer) since the gate's `from`th purge. */
const purgedSince = (ctx, from) => ctx.gate.passed.slice(from).reduce((sum, p) => sum + p.purged, 0);

/**
 * Each fixed URL of the mix (and the sitemap) with the keys its answer carries, as the instance
 * sends them; campaign tags left out: nginx's key drops them, so they are their page's object.
 */
async function keysByUrl(ctx, instance) {
  const keys = new Map();
  const urls = ctx.mix.map((e) => e.path).filter((p) => typeof p === "string" && !p.includes("utm_"));
  for (const p of ["/sitemap.xml", ...urls]) {
    const page = await get(instance.url + p);
    keys.set(p, { status: page.status, keys: (page.headers.get("surrogate-key") ?? "").split(" ").filter(Boolean) });
  }
  return keys;
}

/** 2. An article's new title: the article, the blog list and the sitemap fresh; nothing else purged. */
export async function publishArticle(ctx) {
  const [a] = ctx.instances;
  const base = ctx.nginx.url;
  const byUrl = await keysByUrl(ctx, a);
  // 200 pages whose keys name neither the article nor its type: a publish of the article must leave them.
  const independent = [...byUrl]
    .filter(
      ([p, { status, keys }]) => status === 200 && p !== "/sitemap.xml" && !keys.some((k) => ARTICLE_KEYS.includes(k)),
    )
    .map(([p]) => p)
    .slice(0, 20);
  for (const p of [ARTICLE_PATH, "/info/blog", "/sitemap.xml", ...independent]) await get(base + p);
  const sitemapBefore = (await get(`${base}/sitemap.xml`)).body;
  const directSitemapBefore = (await get(`${a.url}/sitemap.xml`)).body;
  const title = `How to choose a worktop, revised ${Date.now()}`;
  ctx.documents = withArticleTitle(ctx.documents, title);
  const gate0 = ctx.gate.passed.length;
  const { startedAt } = await publish(ctx.standIn, ctx.documents, a.url, [ARTICLE_ID]);
  ctx.say(`article published (webhook on instance A only): "${title}"`);
  const sitemapChanges = (await get(`${a.url}/sitemap.xml`)).body !== directSitemapBefore;
  const [page, list, sitemap] = await Promise.all([
    timeToFresh(base + ARTICLE_PATH, (b) => b.includes(title), startedAt),
    timeToFresh(`${base}/info/blog`, (b) => b.includes(title), startedAt),
    sitemapChanges
      ? timeToFresh(`${base}/sitemap.xml`, (b) => b.includes("<urlset") && b !== sitemapBefore, startedAt)
      : null,
  ]);
  // nginx's own copies (5 s) gone, each independent page asked twice: a refetch shows in Varnish's log.
  await ctx.sleep(Math.max(0, startedAt + 8_000 - performance.now()));
  for (const p of independent) await get(base + p);
  await ctx.sleep(300);
  for (const p of independent) await get(base + p);
  await ctx.sleep(1_000);
  const calls = ctx.gate.passed.slice(gate0);
  const purgedKeys = new Set(calls.flatMap((c) => c.keys.split(/[\s,]+/)).filter(Boolean));
  // Which pages of the mix those keys reach: the article's own (its document's key, in either
  // region's page) and the others, reached by the type's key only.
  const reached = [...byUrl].filter(([, { keys }]) => keys.some((k) => purgedKeys.has(k)));
  const ownKeys = new Set(ARTICLE_KEYS.filter((k) => k.startsWith("d-")));
  const byTypeOnly = reached.filter(([, { keys }]) => !keys.some((k) => ownKeys.has(k))).map(([p]) => p);
  const fetched = {};
  for (const r of ctx.log.since(startedAt))
    fetched[withoutCampaign(r.url)] = (fetched[withoutCampaign(r.url)] ?? 0) + 1;
  const fetchesOf = (url) =>
    ctx.log
      .since(startedAt)
      .filter((r) => r.url === url)
      .map((r) => ({
        afterMs: Math.round(r.at - startedAt),
        backend: r.backend,
        app: r.appCache,
        cacheControl: r.cacheControl,
      }));
  const result = {
    title,
    fresh: { page, list, sitemap },
    sitemapChanges,
    purgeCalls: calls.map((c) => ({ status: c.status, purged: c.purged, keys: c.keys })),
    objectsPurged: purgedSince(ctx, gate0),
    pagesOfTheMixReached: reached.length,
    pagesWithTheArticle: reached.map(([p]) => p).filter((p) => !byTypeOnly.includes(p)),
    otherPagesReachedByTheTypeKey: byTypeOnly,
    independentChecked: independent.length,
    independentRefetched: independent.filter((p) => fetched[p]),
    refetchedFromOrigin: fetched,
    // Each fetch of the article and the list from an instance: which, its page cache, its lifetime.
    articleFetches: fetchesOf(ARTICLE_PATH),
    listFetches: fetchesOf("/info/blog"),
    refetchedNotReached: Object.keys(fetched).filter((u) => !reached.some(([p]) => p === u)),
  };
  ctx.say(
    `article: ${JSON.stringify({ fresh: result.fresh, objectsPurged: result.objectsPurged, withArticle: result.pagesWithTheArticle, byType: byTypeOnly, independentRefetched: result.independentRefetched, refetchedNotReached: result.refetchedNotReached })}`,
  );
  return result;
}

/** 3. The menu relabelled: every page carries its key, so every page goes; time to fresh of three. */
export async function publishMenu(ctx) {
  const [a] = ctx.instances;
  const base = ctx.nginx.url;
  const label = `Doors and drawers ${Date.now()}`;
  ctx.documents = withMenuLabel(ctx.documents, label);
  const objectsBefore = ctx.varnish.stat("MAIN.n_object");
  const gate0 = ctx.gate.passed.length;
  const { startedAt } = await publish(ctx.standIn, ctx.documents, a.url, [MENU_ID]);
  ctx.say(`menu published (webhook on instance A only): "${label}"`);
  const direct = await get(`${a.url}/`);
  const rendered = { label: direct.body.includes(label), cacheControl: direct.headers.get("cache-control") };
  const pages = ["/", ARTICLE_PATH, "/gallery"];
  const times = await Promise.all(pages.map((p) => timeToFresh(base + p, (b) => b.includes(label), startedAt)));
  await ctx.sleep(2_000);
  const result = {
    label,
    instanceAnswerRightAfterWebhook: rendered,
    objectsInVarnishBefore: objectsBefore,
    objectsPurged: purgedSince(ctx, gate0),
    purgeCalls: ctx.gate.passed.slice(gate0).map((p) => ({ status: p.status, purged: p.purged, keys: p.keys })),
    fresh: Object.fromEntries(pages.map((p, i) => [p, times[i]])),
    freshSlowest: times.includes(null) ? null : Math.max(...times),
  };
  ctx.say(`menu: ${JSON.stringify({ objectsBefore, objectsPurged: result.objectsPurged, fresh: result.fresh })}`);
  return result;
}

const failingSeconds = async (ctx, instance) =>
  samples(await scrape(instance.url, ctx.METRICS_TOKEN), "site_edge_purge_failing_seconds")[0]?.value ?? null;

/** 4. Varnish's purge listener down for `seconds` (+10 s; the gate drops every connection), a publish meanwhile. */
export async function failingPurges(ctx, seconds) {
  const [a, b] = ctx.instances;
  const base = ctx.nginx.url;
  const headerBefore = (await get(`${a.url}/gallery`)).headers.get("cache-control");
  ctx.gate.shut();
  const title = `How to choose a worktop, revised during an outage ${Date.now()}`;
  ctx.documents = withArticleTitle(ctx.documents, title);
  const { startedAt } = await publish(ctx.standIn, ctx.documents, a.url, [ARTICLE_ID]);
  ctx.say(`purge listener down for ${seconds} s; article published meanwhile`);
  await ctx.sleep(3_000);
  const headerMeanwhile = (await get(`${a.url}/gallery`)).headers.get("cache-control");
  const articleHeaderMeanwhile = (await get(a.url + ARTICLE_PATH)).headers.get("cache-control");
  const otherInstanceHeader = (await get(`${b.url}/gallery`)).headers.get("cache-control");
  // The gauge counts from the purge's first failure, a moment after the publish: 10 s more, so a
  // 300 s outage shows past the alert's threshold as Prometheus would see it.
  const endsAt = startedAt + seconds * 1000 + 10_000;
  let maxFailingSeconds = 0;
  while (performance.now() < endsAt) {
    maxFailingSeconds = Math.max(maxFailingSeconds, (await failingSeconds(ctx, a)) ?? 0);
    await ctx.sleep(Math.min(5_000, Math.max(100, endsAt - performance.now())));
  }
  maxFailingSeconds = Math.max(maxFailingSeconds, (await failingSeconds(ctx, a)) ?? 0);
  const oldDuringOutage = !(await get(base + ARTICLE_PATH)).body.includes(title);
  ctx.gate.open();
  const reopenedAt = performance.now();
  const freshAfterReopen = await timeToFresh(base + ARTICLE_PATH, (body) => body.includes(title), reopenedAt, 180_000);
  await ctx.sleep(1_000);
  const result = {
    headerBefore,
    headerMeanwhile,
    articleHeaderMeanwhile,
    otherInstanceHeader,
    maxFailingSeconds: Math.round(maxFailingSeconds),
    alertThresholdSeconds: 300,
    alertWouldFire: maxFailingSeconds > 300,
    oldArticleThroughNginxAtEndOfOutage: oldDuringOutage,
    freshAfterReopen,
    headerAfter: (await get(`${a.url}/gallery`)).headers.get("cache-control"),
    failingSecondsAfter: await failingSeconds(ctx, a),
  };
  ctx.say(`failing purges: ${JSON.stringify(result)}`);
  return result;
}

/**
 * 5. The race: Varnish's director left with instance B only (A marked sick), B holding the
 * article at the old ref, the webhook on A, and at once a visitor's request for the article.
 */
export async function race(ctx) {
  const [a, b] = ctx.instances;
  const base = ctx.nginx.url;
  const list = ctx.varnish.admin("backend.list");
  const appOne = /^(\S*app1)\s/m.exec(list)?.[1];
  if (!appOne) throw new Error(`no app1 in varnishadm backend.list:\n${list}`);
  ctx.varnish.admin("backend.set_health", appOne, "sick");
  try {
    await get(base + ARTICLE_PATH);
    await ctx.sleep(6_000); // nginx's copy (s-maxage=5) expires: the next request goes on to Varnish
    await get(b.url + ARTICLE_PATH); // B reads the master ref (the old one) and keeps the article at it
    const title = `How to choose a worktop, raced ${Date.now()}`;
    ctx.documents = withArticleTitle(ctx.documents, title);
    const { startedAt } = await publish(ctx.standIn, ctx.documents, a.url, [ARTICLE_ID]);
    const first = await get(base + ARTICLE_PATH);
    const fresh = await timeToFresh(base + ARTICLE_PATH, (body) => body.includes(title), startedAt, 60_000);
    await ctx.sleep(1_000);
    const fetches = ctx.log.since(startedAt).filter((r) => r.url === ARTICLE_PATH);
    const fromB = fetches.find((r) => !r.backend?.includes("app1"));
    await ctx.sleep(12_000);
    const result = {
      firstAnswer: {
        fresh: first.body.includes(title),
        nginx: first.headers.get("x-cache-status"),
        varnish: first.headers.get("x-varnish-cache"),
      },
      fetchesOfTheArticle: fetches.map((r) => ({
        app: r.appCache,
        backend: r.backend,
        status: r.status,
        cacheControl: r.cacheControl,
        afterMs: Math.round(r.at - startedAt),
      })),
      bCacheControl: fromB?.cacheControl ?? null,
      bLongLived: fromB ? /s-maxage=86400/.test(fromB.cacheControl ?? "") : null,
      fresh,
      freshTwelveSecondsLater: (await get(base + ARTICLE_PATH)).body.includes(title),
    };
    ctx.say(`race: ${JSON.stringify(result)}`);
    return result;
  } finally {
    ctx.varnish.admin("backend.set_health", appOne, "auto");
  }
}
