// Splashback tiles and panelling drawn on a wall Surf; used by kitchens and the worktop close-ups alike.
import { shade } from "../svg.mjs";
import { Rng } from "../noise.mjs";

/** Wall tiles / panelling on the back wall plane. kind: metro | zellige | square | beadboard | plain */
export function wallFinish(S, x0, y0, x1, y1, spec) {
  const r = new Rng(spec.seed ?? 5);
  const base = spec.color;
  if (spec.kind === "plain") {
    S.rect(x0, y0, x1, y1, { fill: base });
    return;
  }
  if (spec.kind === "beadboard") {
    S.rect(x0, y0, x1, y1, { fill: base });
    for (let x = x0; x < x1; x += 100) {
      S.rect(x, y0, x + 6, y1, { fill: "#000", opacity: 0.16 });
      S.rect(x + 6, y0, x + 14, y1, { fill: "#fff", opacity: 0.18 });
    }
    return;
  }
  const grout = spec.grout ?? shade(base, -0.12);
  S.rect(x0, y0, x1, y1, { fill: grout });
  const tw = spec.kind === "metro" ? 150 : spec.kind === "zellige" ? 105 : 150;
  const th = spec.kind === "metro" ? 75 : tw;
  const gap = spec.kind === "zellige" ? 2.5 : 3;
  const vary = spec.kind === "zellige" ? 0.07 : 0.035;
  let row = 0;
  for (let y = y0; y < y1; y += th, row++) {
    const off = spec.kind === "metro" && row % 2 ? -tw / 2 : 0;
    for (let x = x0 + off; x < x1; x += tw) {
      const a = Math.max(x0, x) + gap / 2,
        b = Math.min(x1, x + tw) - gap / 2,
        c0 = y + gap / 2,
        c1 = Math.min(y1, y + th) - gap / 2;
      if (b - a < 4 || c1 - c0 < 4) continue;
      const c = shade(base, r.range(-vary, vary));
      S.rect(a, c0, b, c1, { fill: c });
      S.rect(a, c1 - (c1 - c0) * 0.28, b, c1, {
        fill: "#fff",
        opacity: spec.kind === "zellige" ? r.range(0.05, 0.2) : 0.1,
      });
      S.rect(a, c0, b, c0 + (c1 - c0) * 0.12, { fill: "#000", opacity: 0.06 });
      if (spec.kind === "zellige" && r.chance(0.6))
        S.ell(r.range(a, b), r.range(c0, c1), tw * 0.18, th * 0.1, { fill: "#fff", opacity: 0.25 });
    }
  }
}
