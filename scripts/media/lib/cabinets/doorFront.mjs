// One door or drawer front in each cabinet style, including glazed fronts with crockery behind the glass.
import { shade } from "../svg.mjs";
import { Rng } from "../noise.mjs";

/** A single front: door or drawer. st: { style, color, tex, frame, handleless, glassColor } */
export function front1(S, x0, y0, x1, y1, st) {
  const svg = S.svg,
    style = st.style;
  S.rect(x0, y0, x1, y1, { fill: st.tex ?? st.color });
  if (["shaker", "inframe", "beadboard", "glazed"].includes(style)) {
    const f = Math.min(st.frame ?? 70, (x1 - x0) * 0.2, (y1 - y0) * 0.26),
      b = Math.min(13, f * 0.22);
    const p0 = x0 + f,
      q0 = y0 + f,
      p1 = x1 - f,
      q1 = y1 - f;
    if (style === "glazed" && y1 - y0 > 300) glazing(S, p0, q0, p1, q1, st);
    else {
      S.rect(p0, q0, p1, q1, { fill: "#000", opacity: 0.04 });
      if (style === "beadboard")
        for (let x = p0 + 90; x < p1 - 30; x += 90) {
          S.rect(x - 3, q0, x + 3, q1, { fill: "#000", opacity: 0.15 });
          S.rect(x + 3, q0, x + 8, q1, { fill: "#fff", opacity: 0.15 });
        }
      S.rect(p0 + b, q1 - b - Math.min(45, (q1 - q0) * 0.25), p1 - b, q1 - b, {
        fill: svg.lin([
          [0, "#000", 0.14],
          [1, "#000", 0],
        ]),
      });
    }
    S.poly(
      [
        [p0, q1],
        [p1, q1],
        [p1 - b, q1 - b],
        [p0 + b, q1 - b],
      ],
      { fill: "#000", opacity: 0.32 },
    );
    S.poly(
      [
        [p0, q0],
        [p1, q0],
        [p1 - b, q0 + b],
        [p0 + b, q0 + b],
      ],
      { fill: "#fff", opacity: 0.3 },
    );
    S.poly(
      [
        [p0, q0],
        [p0 + b, q0 + b],
        [p0 + b, q1 - b],
        [p0, q1],
      ],
      { fill: "#000", opacity: 0.17 },
    );
    S.poly(
      [
        [p1, q0],
        [p1 - b, q0 + b],
        [p1 - b, q1 - b],
        [p1, q1],
      ],
      { fill: "#fff", opacity: 0.16 },
    );
  }
  if (st.handleless) {
    S.rect(x0, y1 - 34, x1, y1, {
      fill: svg.lin([
        [0, "#000", 0.7],
        [1, "#000", 0.3],
      ]),
    });
    S.rect(x0, y1 - 36, x1, y1 - 32, { fill: "#fff", opacity: 0.25 });
  }
  S.rect(x0, y1 - 4, x1, y1, { fill: "#fff", opacity: 0.22 });
  S.rect(x0, y0, x1, y0 + 4, { fill: "#000", opacity: 0.25 });
  S.rect(x1 - 3, y0, x1, y1, { fill: "#000", opacity: 0.12 });
}

function glazing(S, x0, y0, x1, y1, st) {
  const svg = S.svg,
    r = new Rng(Math.round(x0 * 7 + y0));
  S.rect(x0, y0, x1, y1, {
    fill: svg.lin([
      [0, shade(st.color, -0.55)],
      [1, shade(st.color, -0.3)],
    ]),
  });
  const n = Math.max(1, Math.round((y1 - y0) / 300));
  for (let i = 0; i < n; i++) {
    const sy = y0 + ((y1 - y0) * i) / n;
    S.rect(x0, sy, x1, sy + 18, { fill: shade(st.color, -0.1) });
    let x = x0 + 20;
    while (x < x1 - 60) {
      const k = r.pick(["plate", "cup", "glass"]),
        col = r.pick(["#f4f1ea", "#e8e3d8", "#d9dfe2", "#f4f1ea"]);
      if (k === "plate") {
        const pr = r.range(70, 110);
        if (x + pr * 2 > x1) break;
        S.ell(x + pr, sy + 18 + pr, pr, pr, { fill: col });
        S.ell(x + pr, sy + 18 + pr, pr * 0.65, pr * 0.65, { fill: "#000", opacity: 0.05 });
        x += pr * 1.3;
      } else {
        const w = r.range(60, 90),
          h = r.range(80, 140);
        if (x + w > x1) break;
        S.rect(x, sy + 18, x + w, sy + 18 + h, {
          fill: k === "glass" ? "#cfd8da" : col,
          opacity: k === "glass" ? 0.5 : 1,
        });
        x += w + 15;
      }
    }
  }
  S.poly(
    [
      [x0, y0 + (y1 - y0) * 0.3],
      [x0 + (x1 - x0) * 0.5, y1],
      [x0 + (x1 - x0) * 0.75, y1],
      [x0, y0 + (y1 - y0) * 0.05],
    ],
    { fill: "#fff", opacity: 0.12 },
  );
  const xm = (x0 + x1) / 2,
    ym = (y0 + y1) / 2;
  S.rect(xm - 12, y0, xm + 12, y1, { fill: st.color });
  S.rect(x0, ym - 12, x1, ym + 12, { fill: st.color });
}
