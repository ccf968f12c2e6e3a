// Fills for worktops and timber fronts, backed by the raster textures (as SVG patterns).
import { wood } from "./textures/wood.mjs";
import { marble, quartz } from "./textures/stone.mjs";
import { toUri } from "./textures/dataUri.mjs";
import { shade } from "./svg.mjs";

const TOPS = {
  marble: { color: "#ebe9e4", tex: () => marble("carrara", 1000, 500, { seed: 71 }) },
  calacatta: { color: "#f1ede5", tex: () => marble("calacatta", 1000, 500, { seed: 72 }) },
  soapstone: { color: "#3f4543", tex: () => marble("soapstone", 1000, 500, { seed: 73 }) },
  quartz: { color: "#eeebe4", tex: () => quartz("#eeebe4", ["#cbc6bc", "#a9a49c"], 600, 300, { seed: 74 }) },
  greyquartz: { color: "#8b8c8a", tex: () => quartz("#8b8c8a", ["#6b6c6a", "#b5b5b0"], 600, 300, { seed: 75 }) },
  oak: { color: "#c59a66", tex: () => wood("oak", 1024, 256, { seed: 76, horizontal: true }) },
  walnut: { color: "#6f4a33", tex: () => wood("walnut", 1024, 256, { seed: 77, horizontal: true }) },
  laminate: {
    color: "#b9a78a",
    tex: () => quartz("#b9a78a", ["#8f7d62", "#d4c6ab", "#6d5d47"], 600, 300, { seed: 78 }),
  },
};

/** Worktop fill spec for worktop(): pattern squashed for the receding top, true scale on the edge. */
export async function topSpec(svg, cam, kind, zEdge = 625) {
  const t = TOPS[kind],
    tex = t.tex(),
    uri = await toUri(tex, 88);
  const k = cam.s(300),
    ke = cam.s(zEdge);
  const fill = svg.pattern(
    `${kind}top`,
    uri,
    tex.w,
    tex.h,
    `matrix(${(k * 2.6).toFixed(3)} 0 0 ${(k * 0.5).toFixed(3)} ${cam.cx} 0)`,
  );
  const edge = svg.pattern(
    `${kind}edge${zEdge}`,
    uri,
    tex.w,
    tex.h,
    `matrix(${(ke * 2).toFixed(3)} 0 0 ${(ke * 2).toFixed(3)} ${cam.cx} ${cam.hz})`,
  );
  return { kind, color: t.color, fill, edge, dark: shade(t.color, -0.3) };
}

/** Timber front fill for a plane at depth z (grain runs vertically). */
export async function timberFill(svg, cam, species, z, seed = 81) {
  const tex = wood(species, 512, 1024, { seed }),
    uri = await toUri(tex, 88);
  const k = cam.s(z),
    sc = 1.3 * k;
  return svg.pattern(
    `${species}${seed}`,
    uri,
    tex.w,
    tex.h,
    `matrix(${sc.toFixed(4)} 0 0 ${sc.toFixed(4)} ${cam.cx} ${(cam.hz + cam.eye * k).toFixed(1)})`,
  );
}
