// Open timber shelf on the back wall and what stands on it (crockery, jars, books, a trailing plant).
import { shade } from "../svg.mjs";
import { Rng } from "../noise.mjs";
import { front } from "../perspective.mjs";
import { jar, crockery } from "./kitchenware.mjs";
import { plant } from "./plants.mjs";

export function books(S, x, y, n, seed = 4) {
  const r = new Rng(seed),
    cols = ["#8a3b2e", "#2e4a5e", "#c9b48a", "#e7ded0", "#5d6b4a", "#b87c4f", "#1f2a3f"];
  let bx = x;
  for (let i = 0; i < n; i++) {
    const w = r.range(25, 45),
      h = r.range(190, 260),
      c = r.pick(cols);
    S.rect(bx, y, bx + w, y + h, { fill: c });
    S.rect(bx, y + h * 0.75, bx + w, y + h * 0.8, { fill: "#fff", opacity: 0.3 });
    S.rect(bx + w - 3, y, bx + w, y + h, { fill: "#000", opacity: 0.2 });
    bx += w + 1;
  }
  return bx;
}

/** Open timber shelf on the back wall with items. */
export function shelf(svg, cam, x0, x1, y, depth, color, fill = "crockery", seed = 1) {
  const P = cam.P,
    t = 40,
    S = front(svg, cam, depth);
  front(svg, cam, 0).rect(x0, y - 160, x1, y - t, {
    fill: svg.lin([
      [0, "#000", 0.16],
      [1, "#000", 0],
    ]),
  });
  const Si = front(svg, cam, depth * 0.45);
  if (fill === "crockery") crockery(Si, x0, x1, y, seed);
  else if (fill === "jars") {
    const r = new Rng(seed);
    for (let x = x0 + 80; x < x1 - 80; x += r.range(120, 170))
      jar(
        Si,
        x,
        y,
        r.range(90, 120),
        r.range(150, 240),
        r.pick(["#e9dcc0", "#c79a5a", "#7d4f35", "#f1ece0", "#a7583d", "#d9c27a"]),
      );
  } else if (fill === "mixed") {
    const r = new Rng(seed);
    const x = books(Si, x0 + 60, y, r.int(4, 7), seed) + 80;
    plant(Si, x + 120, y, "trailing", 0.9, seed);
    crockery(Si, x + 300, x1, y, seed + 1);
  }
  const top = y > cam.eye ? null : [P(x0, y, 0), P(x1, y, 0), P(x1, y, depth), P(x0, y, depth)];
  if (top) svg.add(`<polygon points="${top.map((p) => p.join(",")).join(" ")}" fill="${shade(color, 0.1)}"/>`);
  else
    svg.add(
      `<polygon points="${[P(x0, y - t, 0), P(x1, y - t, 0), P(x1, y - t, depth), P(x0, y - t, depth)].map((p) => p.join(",")).join(" ")}" fill="${shade(color, -0.35)}"/>`,
    );
  S.rect(x0, y - t, x1, y, { fill: color });
  S.rect(x0, y - t, x1, y, {
    fill: svg.lin([
      [0, "#fff", 0.2],
      [1, "#000", 0.2],
    ]),
  });
}
