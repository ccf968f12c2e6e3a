/**
 * Browser side of `npm run slices:screenshots` (bundled by ./screenshotSession.ts): the page that
 * frames /slice-simulator and sends it slices with @prismicio/simulator's own `SimulatorClient`,
 * as Slice Machine and the Page Builder do. The tool calls `window.sliceShots` from Puppeteer.
 */
import type { SliceZone } from "@prismicio/client";
import { SimulatorClient } from "@prismicio/simulator";

declare global {
  interface Window {
    sliceShots: { connected: Promise<number>; show(slices: SliceZone): Promise<number> };
  }
}

const params = new URLSearchParams(location.search);
const iframe = document.createElement("iframe");
iframe.id = "simulator";
iframe.title = "Slice simulator";
iframe.width = params.get("width")!;
iframe.height = params.get("height")!;

const client = new SimulatorClient(iframe, {}, { connectTimeout: 15_000, defaultTimeout: 10_000 });
const connected = client.connect().then((response) => response.status);
connected.catch(() => {});
iframe.src = params.get("simulator")!;
document.body.append(iframe);

window.sliceShots = {
  connected,
  show: async (slices) => (await client.setSliceZone(slices)).status,
};
