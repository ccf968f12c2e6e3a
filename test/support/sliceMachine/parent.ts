/**
 * Browser side of the Slice Machine stand-in (bundled with esbuild by ./standIn.ts): the parent
 * page frames the simulator and drives it with @prismicio/simulator's own `SimulatorClient`,
 * the emitter Slice Machine and Prismic's Page Builder use, so the protocol is the real one.
 * Tests call `window.sliceMachine` through page.evaluate.
 */
import type { SliceZone } from "@prismicio/client";
import { APIRequestType, SimulatorClient, type ActiveSlice, type SliceZoneSize } from "@prismicio/simulator";

export interface SliceMachineStandIn {
  /** Resolves with the handshake's status, or rejects with the error's name. */
  connected: Promise<number>;
  ping(): Promise<unknown>;
  setSliceZone(slices: SliceZone): Promise<number>;
  scrollToSlice(sliceIndex: number): Promise<number>;
  /** What the simulator reported back through its API. */
  activeSlices: Array<Pick<ActiveSlice, "sliceID" | "variationID" | "index"> | null>;
  sizes: Array<{ width: number; height: number }>;
}

declare global {
  interface Window {
    sliceMachine: SliceMachineStandIn;
  }
}

const params = new URLSearchParams(location.search);
const iframe = document.createElement("iframe");
iframe.id = "simulator";
iframe.title = "Slice simulator";
iframe.width = params.get("width") ?? "1024";
iframe.height = params.get("height") ?? "700";

const activeSlices: SliceMachineStandIn["activeSlices"] = [];
const sizes: SliceMachineStandIn["sizes"] = [];
const client = new SimulatorClient(
  iframe,
  {
    [APIRequestType.SetActiveSlice]: (req, res) => {
      const slice = req.data as ActiveSlice | null;
      activeSlices.push(slice && { sliceID: slice.sliceID, variationID: slice.variationID, index: slice.index });
      return res.success();
    },
    [APIRequestType.SetSliceZoneSize]: (req, res) => {
      const { rect } = req.data as SliceZoneSize;
      sizes.push({ width: rect.width, height: rect.height });
      return res.success();
    },
  },
  { connectTimeout: Number(params.get("connectTimeout") ?? 10_000), defaultTimeout: 5_000 },
);

// Listen for the frame's load before it starts loading, as Slice Machine does.
const connected = client.connect({ activeSliceAPI: true, sliceZoneSizeAPI: true }).then(
  (response) => response.status,
  (error: Error) => Promise.reject(new Error(error.name || String(error))),
);
connected.catch(() => {});
iframe.src = params.get("simulator")!;
document.body.append(iframe);

window.sliceMachine = {
  connected,
  ping: async () => (await client.ping()).data,
  setSliceZone: async (slices) => (await client.setSliceZone(slices)).status,
  scrollToSlice: async (sliceIndex) =>
    (await client.scrollToSlice({ sliceIndex, behavior: "auto", block: "start" })).status,
  activeSlices,
  sizes,
};
