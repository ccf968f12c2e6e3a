// Cabinet runs in perspective: base units with plinth, worktop, range and tall units; wall cabinets above.
import { shade } from "../svg.mjs";
import { front, sideX } from "../perspective.mjs";
import { unitFronts } from "./unitFronts.mjs";
import { rangeCooker } from "./appliances.mjs";
import { worktop } from "./worktop.mjs";

/** A run of base units along a plane at depth zf. units: [{type, w}] laid out from x0. */
export function baseRun(svg, cam, x0, units, st, D) {
  const zf = D.zf ?? 600,
    S = front(svg, cam, zf),
    P = cam.P;
  let x = x0;
  const laid = units.map((u) => {
    const o = { ...u, x0: x, x1: x + u.w };
    x += u.w;
    return o;
  });
  const top = D.top ?? 880,
    th = D.thick ?? 35,
    yb = D.plinth ?? 110;
  for (const u of laid) if (u.type !== "gap") S.rect(u.x0, 0, u.x1, yb, { fill: shade(st.color, -0.55) });
  for (const u of laid) {
    if (u.type.startsWith("tall") || u.type === "range" || u.type === "gap") continue;
    unitFronts(
      S,
      u.type === "sink" ? (st.sink === "butler" ? "door2s" : "drawerdoor") : u.type,
      u.x0,
      u.x1,
      yb,
      u.type === "sink" && st.sink === "butler" ? top - 230 : top,
      st,
    );
    if (u.type === "sink" && st.sink === "butler") {
      const Sa = front(svg, cam, zf + 30);
      Sa.rect(u.x0 + 40, top - 240, u.x1 - 40, top + 5, {
        fill: svg.lin([
          [0, "#fbfaf6"],
          [1, "#dcd8cf"],
        ]),
      });
      Sa.rect(u.x0 + 40, top - 240, u.x1 - 40, top - 225, { fill: "#000", opacity: 0.15 });
    }
  }
  // worktop across non-tall units
  const spans = [];
  for (const u of laid) {
    if (u.type.startsWith("tall") || u.type === "gap") continue;
    const l = spans[spans.length - 1];
    if (l && l.x1 === u.x0) l.x1 = u.x1;
    else spans.push({ x0: u.x0, x1: u.x1 });
  }
  for (const sp of spans) worktop(svg, cam, sp.x0, sp.x1, top + th, 0, zf + 25, th, D.worktop);
  for (const u of laid)
    if (u.type === "range") {
      const Sr = front(svg, cam, zf + 20),
        rt = top + th - 5;
      rangeCooker(Sr, u.x0 + 5, u.x1 - 5, rt, st.range ?? {});
      const q = [P(u.x0 + 5, rt, 0), P(u.x1 - 5, rt, 0), P(u.x1 - 5, rt, zf + 20), P(u.x0 + 5, rt, zf + 20)];
      svg.add(
        `<polygon points="${q.map((p) => p.join(",")).join(" ")}" fill="${shade(st.range?.color ?? "#23304d", -0.35)}"/>`,
      );
    }
  const tallTop = D.tallTop ?? 2250;
  for (const u of laid)
    if (u.type.startsWith("tall")) {
      const Sf = front(svg, cam, zf);
      Sf.rect(u.x0, 0, u.x1, yb, { fill: shade(st.color, -0.55) });
      unitFronts(
        Sf,
        u.type === "tall-full" ? "tallfull" : u.type === "tallOven" ? "tallOven" : "tall",
        u.x0,
        u.x1,
        yb,
        tallTop,
        st,
        "tall",
      );
      const inner = u.x1 <= 0 ? u.x1 : u.x0 >= 0 ? u.x0 : null;
      const nb = laid[laid.indexOf(u) + (u.x1 <= 0 ? 1 : -1)];
      const from = !nb || nb.type === "gap" ? 0 : top + th;
      if (inner !== null)
        sideX(svg, cam, inner).rect(0, from, zf, tallTop, { fill: shade(st.color, u.x1 <= 0 ? -0.12 : 0.06) });
      if (D.cornice) {
        const Sc = front(svg, cam, zf + 30);
        Sc.rect(u.x0 - 20, tallTop, u.x1 + 20, tallTop + 70, { fill: shade(st.color, 0.04) });
        Sc.rect(u.x0 - 20, tallTop, u.x1 + 20, tallTop + 18, { fill: "#000", opacity: 0.2 });
      }
    }
  return laid;
}

/** Wall cabinets on plane z = depth; bottom face and shadows included. items: [{type, x0, x1}] */
export function wallRun(svg, cam, items, st, y0, y1, depth = 330) {
  const back = front(svg, cam, 0),
    P = cam.P;
  for (const it of items)
    back.rect(it.x0 - 30, y0 - 260, it.x1 + 60, y0, {
      fill: svg.lin([
        [0, "#000", 0.22],
        [1, "#000", 0],
      ]),
    });
  for (const it of items) {
    const S = front(svg, cam, depth);
    if (y0 > cam.eye)
      svg.add(
        `<polygon points="${[P(it.x0, y0, 0), P(it.x1, y0, 0), P(it.x1, y0, depth), P(it.x0, y0, depth)].map((p) => p.join(",")).join(" ")}" fill="${shade(st.color, -0.3)}"/>`,
      );
    unitFronts(S, it.type, it.x0, it.x1, y0, y1, st, "wall");
    if (it.x1 < 0) sideX(svg, cam, it.x1).rect(0, y0, depth, y1, { fill: shade(st.color, -0.15) });
    if (it.x0 > 0) sideX(svg, cam, it.x0).rect(0, y0, depth, y1, { fill: shade(st.color, 0.05) });
    if (st.cornice) {
      const Sc = front(svg, cam, depth + 25);
      Sc.rect(it.x0 - 20, y1, it.x1 + 20, y1 + 60, { fill: shade(st.color, 0.04) });
      Sc.rect(it.x0 - 20, y1, it.x1 + 20, y1 + 15, { fill: "#000", opacity: 0.22 });
    }
  }
}
