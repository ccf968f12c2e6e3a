// Recessed back-wall window and the garden view seen through glazing (also used for side windows).
import { poly, rect, ell, mix, shade } from "../svg.mjs";
import { Rng } from "../noise.mjs";
import { front } from "../perspective.mjs";

/** Garden view seen through glass; drawn in canvas space inside a clip of the glazed area. */
export function outsideView(svg, bx, seed = 9, dusk = false) {
  const [x0, y0, x1, y1] = bx,
    r = new Rng(seed),
    w = x1 - x0,
    h = y1 - y0;
  svg.add(
    rect(x0, y0, w, h, {
      fill: svg.lin(
        dusk
          ? [
              [0, "#c9d3dc"],
              [1, "#f1e3cf"],
            ]
          : [
              [0, "#cfe0ec"],
              [0.7, "#eef2ee"],
              [1, "#f6f1e6"],
            ],
      ),
    }),
  );
  const hy = y0 + h * r.range(0.55, 0.7);
  for (let i = 0; i < 9; i++) {
    svg.add(
      ell(x0 + r.range(-0.1, 1.1) * w, hy - r.range(0, 0.12) * h, r.range(0.12, 0.3) * w, r.range(0.1, 0.22) * h, {
        fill: svg.soft(mix("#9fb3a6", "#c8d3cf", r.r()), 1, 0.75),
      }),
    );
  }
  for (let i = 0; i < 10; i++) {
    svg.add(
      ell(x0 + r.range(-0.1, 1.1) * w, hy + r.range(0.02, 0.12) * h, r.range(0.08, 0.2) * w, r.range(0.08, 0.18) * h, {
        fill: svg.soft(mix("#6f8f62", "#93ab7c", r.r()), 1, 0.8),
      }),
    );
  }
  svg.add(rect(x0, hy + h * 0.14, w, h, { fill: "#a9bd8c" }));
  svg.add(rect(x0, y0, w, h, { fill: "#fff", opacity: 0.28 }));
}

/** Recessed window in the back wall with reveals, glazing bars, sill and daylight bloom. */
export function backWindow(svg, cam, win) {
  const { x0, x1, y0, y1 } = win,
    d = win.depth ?? 200,
    P = cam.P;
  const g = [P(x0, y1, -d), P(x1, y0, -d)];
  const clip = svg.clip(rect(g[0][0], g[0][1], g[1][0] - g[0][0], g[1][1] - g[0][1]));
  svg.add(`<g clip-path="${clip}">`);
  outsideView(svg, [g[0][0], g[0][1], g[1][0], g[1][1]], win.seed ?? 9);
  svg.add("</g>");
  const rv = win.reveal ?? shade(win.wall, 0.1);
  svg.add(poly([P(x0, y1, 0), P(x1, y1, 0), P(x1, y1, -d), P(x0, y1, -d)], { fill: shade(rv, -0.12) }));
  if (x0 < 0) svg.add(poly([P(x0, y0, 0), P(x0, y1, 0), P(x0, y1, -d), P(x0, y0, -d)], { fill: shade(rv, -0.04) }));
  if (x1 > 0) svg.add(poly([P(x1, y0, 0), P(x1, y1, 0), P(x1, y1, -d), P(x1, y0, -d)], { fill: shade(rv, 0.04) }));
  const S = front(svg, cam, -d + 10),
    fr = win.frame ?? "#f2eee6",
    fw = win.fw ?? 55,
    bw = win.bar ?? 26;
  const cols = win.cols ?? 2,
    rows = win.rows ?? 3;
  const bar = (a, b, c, e) => {
    S.rect(a, b, c, e, { fill: fr });
  };
  bar(x0, y0, x1, y0 + fw);
  bar(x0, y1 - fw, x1, y1);
  bar(x0, y0, x0 + fw, y1);
  bar(x1 - fw, y0, x1, y1);
  for (let i = 1; i < cols; i++) {
    const x = x0 + ((x1 - x0) * i) / cols;
    bar(x - fw / 2, y0, x + fw / 2, y1);
  }
  const transom = win.transom ? y0 + (y1 - y0) * win.transom : null;
  if (transom) bar(x0, transom - fw / 2, x1, transom + fw / 2);
  for (let j = 1; j < rows; j++) {
    const y = y0 + ((y1 - y0) * j) / rows;
    bar(x0, y - bw / 2, x1, y + bw / 2);
  }
  if (win.vbars)
    for (let i = 1; i < cols * 2; i += 2) {
      const x = x0 + ((x1 - x0) * i) / (cols * 2);
      bar(x - bw / 2, y0, x + bw / 2, y1);
    }
  // sill
  const sz = 50,
    sc = win.sill ?? shade(win.wall, 0.08);
  svg.add(poly([P(x0 - 40, y0, -d), P(x1 + 40, y0, -d), P(x1 + 40, y0, sz), P(x0 - 40, y0, sz)], { fill: sc }));
  svg.add(
    poly([P(x0 - 40, y0, sz), P(x1 + 40, y0, sz), P(x1 + 40, y0 - 30, sz), P(x0 - 40, y0 - 30, sz)], {
      fill: shade(sc, -0.15),
    }),
  );
  // bloom
  const o = P(x0, y1, 0),
    q = P(x1, y0, 0);
  svg.add(
    ell((o[0] + q[0]) / 2, (o[1] + q[1]) / 2, (q[0] - o[0]) * 0.9, (q[1] - o[1]) * 0.75, {
      fill: svg.soft("#fffaf0", 0.3, 0.45),
    }),
  );
}
