/**
 * The worker's delivery outcomes, passed to the metrics: the worker runs beside the app
 * (server/index.ts) while the metrics exist only inside it, when METRICS_TOKEN is set
 * (server/app.ts). One listener at a time; outcomes before it listens are not counted.
 */
import type { DeliveryOutcome, RequestDestination } from "./requestStore";

export interface RequestOutcomes {
  delivery(destination: RequestDestination, outcome: DeliveryOutcome["status"]): void;
  listen(listener: (destination: RequestDestination, outcome: DeliveryOutcome["status"]) => void): void;
}

export function createRequestOutcomes(): RequestOutcomes {
  let listener: ((destination: RequestDestination, outcome: DeliveryOutcome["status"]) => void) | undefined;
  return {
    delivery: (destination, outcome) => listener?.(destination, outcome),
    listen: (next) => {
      listener = next;
    },
  };
}
