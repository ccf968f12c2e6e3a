/**
 * The test tiers (docs/development.md, "Tests"). `npm test` runs every file. `npm run test:quick`
 * runs the in-process tier: every file except the browser suites and the files listed here, which
 * start the built server, a browser, nginx or another process, or wait in real time for what they
 * prove. In the quick tier a child process or a browser launch throws
 * (test/support/quickTierGuard.ts), so a file that needs one and is missing here says so at once.
 */
module.exports.fullTierOnly = [
  // Whole folders: a browser per file.
  "test/browser/",
  "test/engines/",
  // The built server, nginx, promtool or a script as its own process.
  "test/deliveryScenarios.test.ts",
  "test/deployFiles.test.ts",
  "test/deployHardening.test.ts",
  "test/devLoop.test.ts",
  "test/devLoopSaves.test.ts",
  "test/dockerRuntime.test.ts",
  "test/expireMarkersCommand.test.ts",
  "test/generatedTypes.test.ts",
  "test/gracefulShutdown.test.ts",
  "test/httpEdges.test.ts",
  "test/loadTest.test.ts",
  "test/logBatching.test.ts",
  "test/logRedaction.test.ts",
  "test/mediaAbuse.test.ts",
  "test/mediaCacheBudget.test.ts",
  "test/mediaWarmUp.test.ts",
  "test/monitoringDeploy.test.ts",
  "test/nginxVitals.test.ts",
  "test/nginxRequestForms.test.ts",
  "test/outboxRetention.test.ts",
  "test/prismicPull.test.ts",
  "test/prismicPush.test.ts",
  "test/requestDurability.test.ts",
  "test/configNames.test.ts",
  "test/portFree.test.ts",
  "test/devPortInUse.test.ts",
  "test/sliceMachineWithoutLogin.test.ts",
  "test/devLoopSliceMachine.test.ts",
  "test/nginxCacheKey.test.ts",
  "test/vitalsThroughNginx.test.ts",
  "test/requestLog.test.ts",
  "test/scaleTest.test.ts",
  "test/sliceMachineAdapter.test.ts",
  "test/addingASlice.test.ts",
  "test/sliceMachineUi.test.ts",
  "test/startup.test.ts",
  "test/startLog.test.ts",
  "test/tagConfig.test.ts",
  "test/tracingExport.test.ts",
  "test/throughNginx.test.ts",
  "test/edgeKeysAtTheEdge.test.ts",
  "test/varnishEdge.test.ts",
  "test/outboxWriteFailures.test.ts",
  "test/prismicStandIn.test.ts",
  "test/sliceMachineScreenshots.test.ts",
  "test/houseRules.test.ts", // lists the tracked files with git
  "test/publishRace.test.ts", // two built servers and a publish between them
  // In-process, but seconds each: they render hundreds of pages, measure CPU against a yardstick,
  // or wait out the cache's, the outbox's or the preview budget's real timers.
  "test/builds.test.ts",
  "test/contentAnswerBounds.test.ts",
  "test/cleanBuild.test.ts",
  "test/contentContract.test.ts",
  "test/contentOutage.test.ts",
  "test/contentReuse.test.ts",
  "test/delivery.test.ts",
  "test/deliveryLeaseWindow.test.ts",
  "test/fuzz.test.ts",
  "test/inlineScriptPolicy.test.tsx",
  "test/metrics.test.ts",
  "test/monitoringMetrics.test.ts",
  "test/outboxOldestPending.test.ts",
  "test/outboxStore.contract.test.ts",
  "test/firestoreOutboxCost.test.ts",
  "test/markerExpiry.test.ts",
  "test/slowMeta.test.ts",
  "test/pageBytes.test.ts",
  "test/pageCache.test.ts",
  "test/pageCacheFastHit.test.ts",
  "test/pageCacheHerd.test.ts",
  "test/pageCacheKey.test.ts",
  "test/pageShell.test.ts",
  "test/pagination.test.ts",
  "test/previewVerification.test.ts",
  "test/prismicWebhook.test.ts",
  "test/renderBudget.test.ts",
  "test/renderFailure.test.tsx",
  "test/requestGuards.test.ts",
  "test/securityHeaders.test.ts",
  "test/sitemap.test.ts",
  "test/sitemapClientGone.test.ts",
  "test/sitemapOrder.test.ts",
  "test/sitemapScale.test.ts",
  "test/sliceSimulator.test.ts",
  "test/speculationRules.test.ts",
  "test/twoPathsAgree.test.ts",
];

/**
 * The cross-engine suite: three browsers per file, holding layouts and the wake to the pixel. In
 * `npm test` (scripts/test.mjs) it has a pass of its own, one file at a time, after the rest. Two at
 * a time would save about 100 s, but one of five such runs lost a wake in Chromium (a page that
 * never hydrated after its press, on a machine loaded by other work), so it stays one at a time.
 */
module.exports.crossEngine = ["test/engines/"];

/**
 * Run last in `npm test`, with nothing beside them: the development loop holds a rebuild to a
 * save-to-screen budget on this machine's clock, and the field-speed test the waking press's paint
 * at 4× CPU, which a test file beside either would move.
 */
module.exports.runAlone = ["test/devLoop.test.ts", "test/browser/fieldVitals.test.ts"];

/**
 * How long the slower files took in a whole run on this project's 2-core machine (seconds, three
 * at a time), which test/support/testSequencer.cjs starts first when Jest has no times of its own
 * (a fresh machine). The order is what counts; measured again when the suite changes much.
 */
module.exports.measuredSeconds = {
  // The cross-engine pass's files (one at a time, on a fresh machine).
  "test/engines/firstTap.test.ts": 65,
  "test/engines/pageParts.test.ts": 60,
  "test/engines/embeddedPreview.test.ts": 35,
  "test/engines/navigation.test.ts": 32,
  "test/engines/requestForms.test.ts": 32,
  "test/engines/consentNotice.test.ts": 15,
  "test/engines/privacySignals.test.ts": 10,
  "test/devLoop.test.ts": 27,
  "test/scaleTest.test.ts": 110,
  "test/browser/accessibility.test.ts": 79,
  "test/deployFiles.test.ts": 70,
  "test/deliveryScenarios.test.ts": 54,
  "test/browser/sliceScreenshots.test.ts": 50,
  "test/browser/lcpImage.test.ts": 43,
  "test/browser/privacySignals.test.ts": 40,
  "test/browser/usOptOut.test.ts": 37,
  "test/browser/consent.test.ts": 31,
  "test/browser/cspHashes.test.ts": 31,
  "test/browser/klaviyoFallback.test.ts": 30,
  "test/requestDurability.test.ts": 30,
  "test/mediaCacheBudget.test.ts": 29,
  "test/sitemapScale.test.ts": 29,
  "test/prismicPull.test.ts": 29,
  "test/browser/tracking.test.ts": 24,
  "test/browser/sliceSimulator.test.ts": 24,
  "test/dockerRuntime.test.ts": 22,
  "test/media.test.ts": 21,
  "test/httpEdges.test.ts": 20,
  "test/twoPathsAgree.test.ts": 20,
  "test/browser/sliceMachineProject.test.ts": 19,
  "test/browser/preview.test.ts": 18,
  "test/browser/widgets.test.ts": 18,
  "test/outboxRetention.test.ts": 18,
  "test/pageBytes.test.ts": 18,
  "test/mediaWarmUp.test.ts": 17,
  "test/browser/firstTap.test.ts": 17,
  "test/contentContract.test.ts": 17,
  "test/browser/hydrationLayout.test.ts": 16,
  "test/sitemap.test.ts": 16,
  "test/browser/preload.test.ts": 15,
  "test/pageCacheKey.test.ts": 15,
  "test/startup.test.ts": 13,
  "test/browser/speedBudgets.test.ts": 12,
  "test/browser/hydration.test.ts": 11,
  "test/loadTest.test.ts": 11,
  "test/browser/menu.test.ts": 11,
  "test/browser/newVersion.test.ts": 11,
  "test/browser/fatalErrors.test.ts": 11,
  "test/browser/sliceSimulatorSession.test.ts": 11,
  "test/browser/chunkErrors.test.ts": 10,
  "test/prismicPush.test.ts": 10,
  "test/browser/firstInteraction.test.ts": 9,
  "test/browser/scroll.test.ts": 9,
  "test/localeDetection.test.ts": 9,
  "test/pageCache.test.ts": 9,
  "test/throughNginx.test.ts": 9,
  "test/outboxStore.contract.test.ts": 9,
  "test/mediaAbuse.test.ts": 8,
  "test/fuzz.test.ts": 8,
  "test/gracefulShutdown.test.ts": 8,
};
