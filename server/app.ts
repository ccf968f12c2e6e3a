/**
 * The Express application, apart from `listen` so tests can drive it with supertest.
 * Order is the request path of docs/architecture.md: logging and headers, guards, fixed endpoints, pages.
 */
import path from "node:path";
import compression from "compression";
import cookieParser from "cookie-parser";
import express, { type Express, type RequestHandler } from "express";
import { createRoutes } from "../views/routes";
import { readAssetManifest, type AssetManifest } from "./http/assets";
import { servedMediaDir, servesPreviews, type Config } from "./config";
import type { ContentService } from "./content/contentService";
import type { RefTracker } from "./content/refTracker";
import { createPageCache } from "./pageCache/pageCache";
import { createRenderCoordinator } from "./pageCache/renderCoordinator";
import { answerHitsFirst, createFastHitPath } from "./pageCache/fastHit";
import { CODED_BY_PAGE_CACHE } from "./pageCache/sendCached";
import { publicSecurityHeaders } from "./pageCache/headerBlock";
import { createPrismicWebhook } from "./content/prismicWebhook";
import { DATA_PREFIX } from "../shared/dataEndpoint";
import { REGION_CHOICE_PREFIX } from "../shared/regionChoice";
import { createDataEndpoint } from "./render/dataRoute";
import { errorHandler } from "./http/httpErrors";
import { legacyRedirects } from "./requestRules/legacyRedirectRoute";
import { createServerLoaders } from "./render/loaders";
import { localeDetection, regionChoice } from "./requestRules/localeDetection";
import { redactSecrets, type Logger } from "./observability/logger";
import { requestLog } from "./observability/requestLog";
import type { ImageService } from "../packages/prismic-stand-in/src/index";
import { imageServiceFrom, noEmbeddedMedia, type PrismicStandIn } from "./content/prismicStandIn";
import { renderOwnPage, renderPage } from "./render/render";
import type { RequestDestination, RequestStore } from "./requests/requestStore";
import type { RequestOutcomes } from "./requests/requestOutcomes";
import { createRequestRoute } from "./requests/requestRoute";
import { createRequestGate } from "./requests/requestGate";
import { createRefusedPageBudget } from "./requests/refusedPageBudget";
import { createRequestIntake } from "./requests/requestIntake";
import { sampleNames } from "./requests/sampleNames";
import { noRequestMetrics } from "./observability/metrics/requestMetrics";
import { createPageHandlers } from "./render/pageHandlers";
import { createShellStarts } from "./render/pageShell";
import { rejectMalformedUrls } from "./http/requestGuards";
import { createRobotsRoute } from "./sitemap/robots";
import { createGpcWellKnownRoute, GPC_WELL_KNOWN_PATH } from "./tracking/gpcWellKnown";
import { decideForwardingOn, type TrustProxy } from "./requestRules/trustedProxy";
import { createSitemapRouter } from "./sitemap/sitemapRoute";
import { createEdgeLifetimes } from "./edge/edgeLifetimes";
import { createPublishPurge } from "./edge/purgeOnPublish";
import { type PurgeQueue, purgeQueueFromConfig } from "./edge/purgeQueue";
import { registerEdgePurgeMetrics } from "./observability/metrics/edgePurgeMetrics";
import { addressMayHaveChanged, typeOfDocument } from "./content/documentAddresses";
import { forgetRefusedPreview } from "./preview/previewFallback";
import { createPreviewRouter } from "./preview/previewRoute";
import { PREVIEW_CHECK_PATH } from "./preview/previewCookieCheck";
import { createPreviewGate, markPreviewRequests } from "./preview/previewVerification";
import { createRenderBudget } from "./http/renderBudget";
import { canonicalUrls } from "./requestRules/canonicalUrls";
import { previewCspSources } from "./preview/toolbar";
import { allowFramingBy, allowPreviewFraming, allowPreviewToolbar, cspNonce, securityHeaders } from "./http/security";
import { hashedAssets, listedFiles } from "./http/staticAssets";
import { createSliceSimulatorRoute, SLICE_SIMULATOR_PATH } from "./preview/sliceSimulatorRoute";
import { createBuildsRoute } from "./http/builds";
import { createClientLogRoute } from "./observability/browserErrorReports";
import { createVitalsEndpoint } from "./observability/vitalsRoute";
import type { OutboxStore } from "./outbox/store";
import { countContentErrors } from "./observability/metrics/contentErrorMetrics";
import { countEarlyResponses, httpMetrics } from "./observability/metrics/httpMetrics";
import { createMetricsRoute, METRICS_PATH } from "./observability/metrics/metricsRoute";
import { createMetrics } from "./observability/metrics/registry";
import { routeLabel } from "./observability/metrics/routeLabel";
import { createReadinessCheck, createReadinessRoute } from "./http/readiness";
import { createMetaCapiRouter } from "./tracking/metaCapiRoute";
import { warnOnUntrustedForwarding } from "./tracking/forwardedFor";
import { cookieScope } from "./tracking/clickCookies";
import { createGpcOptOuts } from "./tracking/gpcSignal";
import { createOutboxCapacity } from "./outbox/outboxCapacity";
import { tagCspSources } from "./tags/tagCsp";
import { createTagHead } from "./tags/tagHead";
import { publicSiteConfig } from "./tags/publicConfig";
import { featuresOf } from "../views/siteFeatures";
import { createPrivacyChoicesForm } from "./consent/privacyChoicesForm";
import { tracingEnabled, traceRequests } from "./observability/tracing";

export interface AppDeps {
  config: Config;
  logger: Logger;
  content: ContentService;
  /** The master ref of the moment (re-read every 5 s, or at once by the publish webhook). */
  refs: RefTracker;
  /** Prismic repository name, whose key the preview cookie uses. */
  repositoryName: string;
  /** Defaults to the manifest of the client build in BUILD_DIR. */
  assets?: AssetManifest;
  /** Where POST /api/meta-capi stores tracking events; without it the relay answers 503. */
  outbox?: OutboxStore;
  /**
   * Visitors' requests (docs/requests.md): where they are stored and the destinations each gets;
   * without it a request is answered 503 with the visitor's answers kept.
   */
  requests?: { store: RequestStore; destinations: readonly RequestDestination[]; outcomes?: RequestOutcomes };
  /** True once the process is shutting down (server/http/shutdown.ts): /readyz answers 503. Default: never. */
  draining?: () => boolean;
  /**
   * Without PRISMIC_REPOSITORY: the Prismic stand-in (server/content/prismicStandIn.ts), which
   * serves /media and the preview toolbar's stand-in. Without it /media is a plain 404.
   */
  standIn?: PrismicStandIn;
  /** Embedded media's transforms and disk cache; default: the stand-in's, made from the configuration. */
  images?: ImageService;
  /** `npm run dev` only (server/dev/devTools.ts): the development endpoints, mounted before everything else. */
  devRoutes?: RequestHandler;
  /** The edge purges (server/edge/purgeQueue.ts); default: EDGE_PURGER's, none with EDGE_PURGER=none. */
  purges?: PurgeQueue;
}

export function createApp({
  config,
  logger,
  content: givenContent,
  refs,
  repositoryName,
  assets,
  outbox,
  requests,
  draining = () => false,
  standIn,
  images = standIn && imageServiceFrom(standIn, config, logger),
  devRoutes,
  purges = purgeQueueFromConfig(config, logger),
}: AppDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  // Endpoints and root files answer their exact spelling only (docs/security.md, "Caches and URL
  // spellings"): Express would match `/ROBOTS.TXT` or `/healthz/` too. Another spelling falls
  // through to the canonical step's plain 404.
  app.set("case sensitive routing", true);
  app.set("strict routing", true);
  // req.ip and req.protocol through the proxies TRUST_PROXY names (default: none); req.secure and
  // req.ip as the page cache's fast path reads them (server/requestRules/trustedProxy.ts).
  app.set("trust proxy", config.TRUST_PROXY);
  const trustProxy = app.get("trust proxy fn") as TrustProxy;
  decideForwardingOn(app.request, trustProxy);
  const forwardedFor = warnOnUntrustedForwarding(config.TRUST_PROXY, trustProxy, logger);
  // Past OUTBOX_MAX_EVENTS tracking events are refused (server/outbox/outboxCapacity.ts).
  const outboxCapacity = outbox && createOutboxCapacity({ store: outbox, maxEvents: config.OUTBOX_MAX_EVENTS, logger });
  // Global Privacy Control opt-outs the relay dropped or limited (server/tracking/gpcSignal.ts).
  const gpcOptOuts = createGpcOptOuts();

  const manifest = assets ?? readAssetManifest(config.BUILD_DIR);
  const handlers = createPageHandlers(createRoutes(createServerLoaders(logger)));
  const shellStarts = createShellStarts();
  const origin = config.SITE_URL;
  const cache = createPageCache(config.PAGE_CACHE_BYTES);
  const renders = createRenderCoordinator({
    onError: (page, error) => logger.error({ err: error, page }, "background render failed"),
  });
  // Metrics exist only when someone may read them (METRICS_TOKEN): otherwise they would cost every request for nothing.
  const metrics = config.METRICS_TOKEN
    ? createMetrics({
        logger,
        outbox,
        outboxCapacity,
        requests: requests?.store,
        gpcOptOuts,
        pageCache: cache,
        media: images,
        refs,
        notReady: createReadinessCheck({ draining, refs, manifest, buildDir: config.BUILD_DIR }),
      })
    : undefined;
  const content = metrics ? countContentErrors(givenContent, metrics.contentErrors) : givenContent;
  if (metrics && purges) registerEdgePurgeMetrics(metrics.registry, purges);
  // How long the edge keeps public answers: long while a purger works, at a confirmed ref only (docs/operations.md, "Edge caching and purges").
  const lifetimes = createEdgeLifetimes(config, refs, purges);
  // Preview tokens count only once verified, and verifications are rate-limited (server/preview/previewVerification.ts).
  // Embedded content serves release drafts only where EMBEDDED_PREVIEWS is on (docs/prismic.md, "Previews").
  const previewsServed = servesPreviews(config);
  const previews = createPreviewGate({ content, repositoryName, logger, enabled: previewsServed });
  const scope = { content, refs, repositoryName, logger, previews, lifetimes };
  const budget = createRenderBudget({ perMinute: config.RENDER_BUDGET_PER_MINUTE, burst: config.RENDER_BUDGET_BURST });
  const tagHead = createTagHead(config);
  const features = featuresOf(publicSiteConfig(config));

  const security = securityHeaders(config.SITE_URL, tagCspSources(config));
  // A fresh cached page is answered before the app: it decides only what the app would decide the
  // same way (server/pageCache/fastHit.ts), counts itself in the metrics and logs its own line
  // with the request id.
  const hits = createFastHitPath({
    cache,
    refs,
    previews,
    logger,
    securityHeaders: publicSecurityHeaders(security),
    redactUrl: redactSecrets,
    trustProxy,
    recordHit: metrics?.recordHit,
    lifetimes,
    keysHeader: config.EDGE_KEYS_HEADER,
  });
  // Visitors' requests' metrics, and the cheap refusals of their posts before the app (docs/requests.md).
  const requestMetrics = metrics?.requests ?? noRequestMetrics;
  const requestGate = createRequestGate({
    siteUrl: config.SITE_URL,
    perMinute: config.REQUESTS_RATE_LIMIT,
    perMinuteAll: config.REQUESTS_RATE_LIMIT_ALL,
    trustProxy,
    metrics: requestMetrics,
    logger,
  });
  // Field reports, answered before the app (server/observability/vitalsRoute.ts): no request-log
  // line for an accepted one, counted in the metrics; a refused one logged (docs/operations.md, "Field speed").
  const vitals = createVitalsEndpoint({
    siteUrl: config.SITE_URL,
    metrics: metrics?.vitals,
    trustProxy,
    logger,
    countResponse: metrics && countEarlyResponses(metrics, "POST", "vitals"),
  });
  const traced = tracingEnabled();
  if (traced) {
    // The request span, around everything else (server/observability/tracing.ts; not mounted when tracing is off).
    // Its span needs Express's request, so traced, a hit is answered first inside the app.
    app.use(traceRequests());
    app.use((req, res, next) => void (hits(req, res) || next()));
    app.use((req, res, next) => (requestGate.applies(req) ? requestGate.gate(req, res, next) : next()));
    app.use((req, res, next) => (vitals.applies(req) ? vitals.gate(req, res, next) : next()));
  }
  // Event streams must not wait in compression() nor fill the request log.
  if (devRoutes) app.use(devRoutes);
  // First, so the time measured is the whole response's.
  if (metrics) app.use(httpMetrics(metrics));

  app.use(requestLog(logger));
  app.use(cspNonce());
  // Cookies first: whether a request is a preview of this repository (a junk cookie is not)
  // decides the policy below, the root's locale detection and the page cache.
  app.use(cookieParser());
  app.use(markPreviewRequests(previews));
  // Routes Prismic's editor frames, flagged before the headers are set: the slice simulator.
  app.get(SLICE_SIMULATOR_PATH, allowFramingBy(config.SLICE_SIMULATOR_ANCESTORS));
  // Where /preview sends a framed editor to check that its cookie stuck: framed so the editor shows why not (server/preview/previewCookieCheck.ts).
  app.get(PREVIEW_CHECK_PATH, allowFramingBy(config.PRISMIC_PREVIEW_ANCESTORS));
  // A verified preview may be framed by Prismic's editor (PRISMIC_PREVIEW_ANCESTORS); nothing else.
  app.use(allowPreviewFraming(config.PRISMIC_PREVIEW_ANCESTORS, (req) => previews.verified(req)));
  // Preview responses (preview cookie) let the Prismic toolbar reach its hosts.
  app.use(allowPreviewToolbar(previewCspSources(config.PRISMIC_TOOLBAR_SRC)));
  app.use(security);
  // A page from the page cache is already in the coding it chose (one ETag per representation).
  app.use(
    compression({
      filter: (req, res) =>
        !(res as typeof res & { locals?: Record<string, unknown> }).locals?.[CODED_BY_PAGE_CACHE] &&
        compression.filter(req, res),
    }),
  );
  // A preview cookie whose token Prismic refused is cleared by the response (server/preview/previewFallback.ts).
  app.use(forgetRefusedPreview({ content, repositoryName, logger }));
  // Each endpoint is preceded by the name it has in the metrics (server/observability/metrics/routeLabel.ts).
  app.use(routeLabel("rejected"), rejectMalformedUrls);
  app.use(routeLabel("legacy_redirect"), legacyRedirects);
  app.use(routeLabel("locale_redirect"), localeDetection);

  // Hashed assets, pre-compressed by the build (brotli and gzip beside each file).
  app.use("/assets", routeLabel("assets"), hashedAssets(config.BUILD_DIR));
  // Embedded media, mounted in both modes: /media never falls through to page rendering, and
  // in hosted mode (PRISMIC_REPOSITORY) every request there is a plain 404.
  app.use(
    "/media",
    routeLabel("media"),
    standIn && images ? standIn.createMediaRoute({ mediaDir: servedMediaDir(config), images }) : noEmbeddedMedia,
  );
  // Only the files public/ held at start: a page request never costs a file-system call here.
  app.use(
    routeLabel("public"),
    listedFiles(
      path.join(config.rootDir, "public"),
      express.static(path.join(config.rootDir, "public"), { maxAge: "1h", index: false }),
    ),
  );

  app.use(routeLabel("builds"), createBuildsRoute(config.BUILD_DIR));
  app.get("/healthz", routeLabel("healthz"), (_req, res) => void res.type("text/plain").send("ok"));
  app.get(
    "/readyz",
    routeLabel("readyz"),
    createReadinessRoute({ draining, refs, manifest, buildDir: config.BUILD_DIR }),
  );
  if (metrics && config.METRICS_TOKEN)
    app.get(METRICS_PATH, routeLabel("metrics"), createMetricsRoute(metrics, config.METRICS_TOKEN, logger));
  app.use(
    routeLabel("prismic_webhook"),
    createPrismicWebhook(
      config.PRISMIC_WEBHOOK_SECRET,
      refs,
      logger,
      purges &&
        createPublishPurge({
          purges,
          logger,
          typeOfDocument,
          addressMayHaveChanged,
          documentAddresses: (ids, ref) => content.documentAddresses(ids, ref),
        }),
    ),
  );
  app.get("/robots.txt", routeLabel("robots"), createRobotsRoute(origin));
  // The stand-in takes an editor's messages from these origins only (docs/prismic.md, "Previews inside Prismic's editor").
  const toolbarStandIn = standIn?.toolbarStandInScript(config.PRISMIC_PREVIEW_ANCESTORS);
  app.get(GPC_WELL_KNOWN_PATH, routeLabel("gpc"), createGpcWellKnownRoute(config.GPC_LAST_UPDATE));
  app.use(
    routeLabel("preview"),
    createPreviewRouter({ content, repositoryName, logger, previews, toolbarStandIn, enabled: previewsServed }),
  );
  app.get(
    SLICE_SIMULATOR_PATH,
    routeLabel("slice_simulator"),
    createSliceSimulatorRoute(() => manifest),
  );
  app.use(
    routeLabel("sitemap"),
    createSitemapRouter({ content, origin, logger, keysHeader: config.EDGE_KEYS_HEADER, lifetimes }),
  );
  app.get(`${REGION_CHOICE_PREFIX}/:code`, routeLabel("region_choice"), regionChoice);
  // The privacy choices page's form, without script; only the built-in banner's cookie can be written so.
  if (features.consentManager === "banner")
    app.use(
      routeLabel("privacy_choices"),
      createPrivacyChoicesForm({ siteUrl: config.SITE_URL, usConsentModel: config.US_CONSENT_MODEL }),
    );

  app.use(routeLabel("client_log"), createClientLogRoute(logger, { siteUrl: config.SITE_URL }));
  // POSTs are answered before the app (the gate above); the router answers them alike when it is reached, and other methods 405.
  app.use(routeLabel("vitals"), vitals.router);
  app.use(
    routeLabel("meta_capi"),
    forwardedFor,
    createMetaCapiRouter({
      outbox,
      capacity: outboxCapacity,
      siteUrl: config.SITE_URL,
      ratePerMinute: config.TRACKING_RATE_LIMIT,
      logger,
      gpc: config.TRACKING_GPC,
      cookies: cookieScope(config.SITE_URL, config.TRACKING_COOKIE_DOMAIN),
      gpcOptOuts,
    }),
  );
  // Visitors' requests: a showroom visit, a consultation, samples, a quote (docs/requests.md).
  requests?.outcomes?.listen((destination, outcome) => requestMetrics.delivery(destination, outcome));
  const pageDeps = {
    ...scope,
    handlerFor: handlers.forPath,
    shellStarts,
    assets: () => manifest,
    origin,
    cache,
    renders,
    budget,
    keysHeader: config.EDGE_KEYS_HEADER,
    toolbarSrc: config.PRISMIC_TOOLBAR_SRC,
    tagHead,
    features,
    buildCheckIntervalMs: config.BUILD_CHECK_INTERVAL_MS,
  };
  app.use(
    routeLabel("requests"),
    forwardedFor,
    createRequestRoute({
      siteUrl: config.SITE_URL,
      metrics: requestMetrics,
      intake: createRequestIntake({
        store: requests?.store,
        destinations: requests?.destinations ?? [],
        sampleNames: async (locale) => sampleNames(content.atMasterRef(await refs.current()), locale),
        metrics: requestMetrics,
        logger,
      }),
      renderForm: (req, res, path, adjust) => renderOwnPage(req, res, pageDeps, path, adjust),
      refusedPages: createRefusedPageBudget(config.REQUESTS_REFUSED_PAGES_PER_MINUTE),
    }),
  );
  // `{/}`: the home's data is `/_data/`, a page's may end in a slash as its path does (strict routing).
  app.get(
    `${DATA_PREFIX}{/*path}{/}`,
    routeLabel("data"),
    createDataEndpoint(handlers.all, origin, scope, budget, config.EDGE_KEYS_HEADER),
  );

  // One URL per page: any other spelling of a page path is one 301 away from it.
  app.use(routeLabel("canonical_redirect"), canonicalUrls);
  // Pages: the renderer names the matched route (its id), or the cached page does.
  app.use(routeLabel("page"), (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      return void res.status(405).type("text/plain").send("Method Not Allowed");
    }
    renderPage(req, res, pageDeps).catch(next);
  });

  app.use(errorHandler(logger));
  return traced ? app : answerHitsFirst(app, hits, requestGate, vitals);
}
