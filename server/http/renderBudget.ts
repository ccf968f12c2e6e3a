/**
 * Each client's budget of uncached renders (RENDER_BUDGET_PER_MINUTE, RENDER_BUDGET_BURST): a
 * page missing from the cache, a 404, a `/_data` request and a preview each cost the server a
 * render (and in hosted mode calls to Prismic), where a cache hit costs almost nothing. So
 * every unique junk URL is charged to the client that asks for it, and one client cannot
 * hold the render path: beyond its budget it gets a small static 429 with Retry-After, while
 * every other client keeps rendering and cache hits are never charged (the renderer asks only
 * once it knows the request would render: server/render/render.tsx, server/render/dataRoute.ts).
 */
import type { Request, Response } from "express";
import { clientKey, createClientBudget } from "./visitorBudget";

export interface RenderBudget {
  /** Charges one render to the request's client; false when over budget (the 429 is then sent). */
  spend(req: Request, res: Response): boolean;
}

export interface RenderBudgetOptions {
  perMinute: number;
  burst: number;
}

const OVER_BUDGET = "Too many requests for pages that are not cached: retry later.\n";

/** The budget, or one that never refuses when `perMinute` is 0. */
export function createRenderBudget({ perMinute, burst }: RenderBudgetOptions): RenderBudget {
  if (perMinute === 0) return { spend: () => true };
  const budget = createClientBudget({ burst, perSecond: perMinute / 60 });
  return {
    spend(req, res) {
      const wait = budget.take(clientKey(req));
      if (wait === 0) return true;
      res.status(429);
      res.setHeader("Retry-After", String(wait));
      res.setHeader("Cache-Control", "no-store");
      res.type("text/plain").send(OVER_BUDGET);
      return false;
    },
  };
}
