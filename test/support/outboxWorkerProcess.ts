/**
 * A delivery worker in its own process, for tests that kill one mid-delivery (SIGKILL: no
 * clean-up at all). Bundled by `buildOutboxWorkerProcess()` and run with OUTBOX_FILE (the SQLite
 * outbox) and GRAPH_URL (the fake Graph API) in its environment. Prints "started" when running.
 */
import { createLogger } from "../../server/observability/logger";
import { createDeliveryWorker } from "../../server/outbox/deliveryWorker";
import { openSqliteOutboxStore } from "../../server/outbox/sqliteStore";
import { FAST_WORKER } from "./fastWorker";

const store = openSqliteOutboxStore(process.env.OUTBOX_FILE!);
const worker = createDeliveryWorker({
  ...FAST_WORKER,
  store,
  logger: createLogger("warn"),
  workerId: "child-process",
  credentials: {
    pixelId: "1234567890",
    accessToken: "test-token",
    graphUrl: process.env.GRAPH_URL!,
    apiVersion: "v21.0",
  },
});
worker.start();
console.log("started");
process.on(
  "SIGTERM",
  () =>
    void worker
      .stop()
      .then(() => store.close())
      .then(() => process.exit(0)),
);
