// Lays out a unit's doors, drawers or oven by unit type and fits the handles; shared by base, wall and tall runs.
import { shade } from "../svg.mjs";
import { METALS } from "../metalFinishes.mjs";
import { front1 } from "./doorFront.mjs";
import { handle } from "./handle.mjs";
import { oven } from "./appliances.mjs";

/** Draw fronts for one unit of a run, including in-frame face frames and hardware. */
export function unitFronts(S, type, x0, x1, y0, y1, st, where = "base") {
  const g = 2.5,
    inframe = st.style === "inframe",
    svg = S.svg;
  const hw = st.handles ?? { door: "knob", drawer: "cup" };
  const fronts = [];
  const add = (a, b, c, d, kind, side) => fronts.push({ a, b, c, d, kind, side });
  const wdt = x1 - x0;
  if (type === "hob") type = "drawers2";
  const doors = (a, b, c, d, forceTwo) => {
    if (forceTwo || c - a > 650) {
      const m = (a + c) / 2;
      add(a, b, m, d, "door", "r");
      add(m, b, c, d, "door", "l");
    } else add(a, b, c, d, "door", st.hand ?? "r");
  };
  if (type === "drawers3" || type === "drawers2" || type === "drawers4") {
    const n = +type.slice(-1),
      hs = n === 2 ? [0.5, 0.5] : n === 3 ? [0.24, 0.33, 0.43] : [0.2, 0.24, 0.26, 0.3];
    let y = y1;
    for (const h of hs) {
      const y2 = y - (y1 - y0) * h;
      add(x0, y2, x1, y, "drawer");
      y = y2;
    }
  } else if (type === "drawerdoor") {
    add(x0, y1 - 170, x1, y1, "drawer");
    doors(x0, y0, x1, y1 - 170);
  } else if (type === "door2") doors(x0, y0, x1, y1, true);
  else if (type === "glazed2" || type === "glazed1") {
    const s2 = { ...st, style: "glazed" };
    if (type === "glazed2") {
      const m = (x0 + x1) / 2;
      fronts.push(
        { a: x0, b: y0, c: m, d: y1, kind: "door", side: "r", st: s2 },
        { a: m, b: y0, c: x1, d: y1, kind: "door", side: "l", st: s2 },
      );
    } else fronts.push({ a: x0, b: y0, c: x1, d: y1, kind: "door", side: "r", st: s2 });
  } else if (type === "tall") {
    const split = y0 + (y1 - y0) * 0.62;
    doors(x0, split, x1, y1, wdt > 500);
    doors(x0, y0, x1, split, wdt > 500);
  } else if (type === "tallfull") doors(x0, y0, x1, y1, wdt > 500);
  else if (type === "tallOven") {
    add(x0, 1560, x1, y1, "door", st.hand ?? "r");
    add(x0, 880, x1, 1560, "oven");
    add(x0, y0 + (880 - y0) / 2, x1, 880, "drawer");
    add(x0, y0, x1, y0 + (880 - y0) / 2, "drawer");
  } else doors(x0, y0, x1, y1);

  if (inframe) {
    S.rect(x0, y0, x1, y1, { fill: st.color });
    S.rect(x0, y0, x0 + 4, y1, { fill: "#000", opacity: 0.2 });
  } else S.rect(x0, y0, x1, y1, { fill: shade(st.color, -0.6) });
  const inset = inframe ? 42 : g;
  for (const f of fronts) {
    const fs = f.st ?? st;
    if (f.kind === "oven") {
      oven(S, f.a + g, f.b + g, f.c - g, f.d - g);
      continue;
    }
    let [a, b, c, d] = [f.a + inset, f.b + inset, f.c - inset, f.d - inset];
    if (inframe) {
      if (f.a > x0 + 1) a = f.a + 21;
      if (f.c < x1 - 1) c = f.c - 21;
      if (f.b > y0 + 1) b = f.b + 21;
      if (f.d < y1 - 1) d = f.d - 21;
      S.rect(a - 4, b - 4, c + 4, d + 4, { fill: "#000", opacity: 0.4 });
    }
    front1(S, a, b, c, d, fs);
    if (st.handleless) continue;
    const hx = f.kind === "drawer" ? (a + c) / 2 : f.side === "r" ? c - 60 : a + 60;
    const hy =
      f.kind === "drawer"
        ? (b + d) / 2 + 8
        : where === "wall"
          ? b + 90
          : where === "tall"
            ? Math.min(d - 90, Math.max(b + 90, 1050))
            : d - 90;
    const kind = f.kind === "drawer" ? hw.drawer : hw.door;
    handle(S, kind === "bar" && f.kind === "door" ? "vbar" : kind, hx, hy, st.metal, {
      len: kind === "bar" ? Math.min(260, (c - a) * 0.45) : undefined,
    });
    if (inframe && f.kind === "door") {
      const hxs = f.side === "r" ? a - 2 : c - 8;
      for (const hy2 of [b + 110, d - 150])
        S.rect(hxs, hy2, hxs + 10, hy2 + 70, {
          fill: svg.lin(
            [
              [0, METALS[st.metal ?? "brass"][0]],
              [1, METALS[st.metal ?? "brass"][2]],
            ],
            0,
            0,
            1,
            0,
          ),
        });
    }
  }
}
