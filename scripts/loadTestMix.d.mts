/** Types of scripts/loadTestMix.mjs, for the TypeScript that imports it (test/scaleTest.test.ts). */

export const MIX_WEIGHTS: Record<string, number>;
export const DEFAULT_MEDIA_SAMPLE: number;

export interface VisitorRequest {
  kind: string;
  path: string;
  headers: Record<string, string>;
  /** The one status this request must get. */
  expect: number;
  weight: number;
}

export function discoverVisitorMix(origin: string, options?: { mediaSample?: number }): Promise<VisitorRequest[]>;
export function describeMix(mix: VisitorRequest[]): string;
