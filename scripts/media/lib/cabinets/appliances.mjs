// Cooking appliances set into the cabinetry: built-in oven and range cooker.
import { shade } from "../svg.mjs";
import { METALS } from "../metalFinishes.mjs";

/** Built-in oven: black glass, steel fascia and bar handle. */
export function oven(S, x0, y0, x1, y1) {
  const svg = S.svg,
    [hi, mid, lo] = METALS.nickel;
  S.rect(x0, y0, x1, y1, { fill: "#1c1c1e" });
  S.rect(x0, y1 - 90, x1, y1, {
    fill: svg.lin([
      [0, "#bdbdbb"],
      [1, "#8a8a88"],
    ]),
  });
  S.rect(x0 + (x1 - x0) * 0.42, y1 - 65, x0 + (x1 - x0) * 0.58, y1 - 30, { fill: "#101010" });
  S.rect(x0 + 50, y0 + 60, x1 - 50, y1 - 200, {
    fill: svg.lin([
      [0, "#2c2c2f"],
      [1, "#09090a"],
    ]),
  });
  S.poly(
    [
      [x0 + 50, y0 + 200],
      [x0 + 160, y1 - 200],
      [x0 + 230, y1 - 200],
      [x0 + 50, y0 + 60],
    ],
    { fill: "#fff", opacity: 0.07 },
  );
  S.rect(x0 + 40, y1 - 150, x1 - 40, y1 - 128, {
    fill: svg.lin([
      [0, hi],
      [0.5, mid],
      [1, lo],
    ]),
  });
}

/** Range cooker front (z = its front plane). */
export function rangeCooker(S, x0, x1, top, c) {
  const svg = S.svg,
    body = c.color ?? "#23304d",
    m = c.metal ?? "nickel",
    [hi, mid, lo] = METALS[m];
  S.rect(x0, 0, x1, top, { fill: body });
  S.rect(x0, 0, x1, 90, { fill: "#111", opacity: 0.75 });
  S.rect(x0, top - 120, x1, top, { fill: shade(body, -0.12) });
  const n = Math.max(5, Math.round((x1 - x0) / 140));
  for (let i = 0; i < n; i++) {
    const kx = x0 + ((x1 - x0) * (i + 0.5)) / n;
    S.ell(kx + 3, top - 66, 22, 22, { fill: "#000", opacity: 0.3 });
    S.ell(kx, top - 60, 20, 20, {
      fill: svg.rad(
        [
          [0, hi],
          [0.6, mid],
          [1, lo],
        ],
        0.35,
        0.3,
        0.8,
      ),
    });
  }
  const ovens = x1 - x0 > 850 ? 2 : 1,
    ow = (x1 - x0 - 40 * (ovens + 1)) / ovens;
  for (let i = 0; i < ovens; i++) {
    const a = x0 + 40 + i * (ow + 40),
      b = a + ow;
    S.rect(a, 130, b, top - 160, { fill: shade(body, 0.06) });
    S.rect(a + 50, 220, b - 50, top - 300, {
      fill: svg.lin([
        [0, "#2a2a2c"],
        [1, "#0c0c0d"],
      ]),
    });
    S.poly(
      [
        [a + 50, top - 420],
        [a + 140, top - 300],
        [a + 210, top - 300],
        [a + 50, top - 520],
      ],
      { fill: "#fff", opacity: 0.08 },
    );
    S.rect(a + 20, top - 210, b - 20, top - 190, {
      fill: svg.lin([
        [0, hi],
        [1, lo],
      ]),
    });
  }
  S.rect(x0, top - 6, x1, top, { fill: "#fff", opacity: 0.25 });
}
