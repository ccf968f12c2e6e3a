// Kitchenware drawn on a Surf (mm, y up): fruit bowl, storage jars, shelf crockery and chopping boards.
import { shade } from "../svg.mjs";
import { Rng } from "../noise.mjs";

export function bowl(S, x, y, w, color, fruit = "#e8c547", seed = 2) {
  const r = new Rng(seed),
    svg = S.svg;
  S.ell(x + 15, y, w * 0.65, w * 0.1, { fill: svg.soft("#000", 0.3) });
  for (let i = 0; i < 6; i++)
    S.ell(x + r.range(-w * 0.33, w * 0.33), y + w * 0.26 + r.range(0, w * 0.1), w * 0.11, w * 0.09, {
      fill: svg.rad(
        [
          [0, shade(fruit, 0.35)],
          [1, shade(fruit, -0.2)],
        ],
        0.35,
        0.35,
        0.7,
      ),
    });
  S.path(
    ["M", x - w / 2, y + w * 0.28, "Q", x - w * 0.45, y, x, y, "Q", x + w * 0.45, y, x + w / 2, y + w * 0.28, "Z"],
    {
      fill: svg.lin(
        [
          [0, shade(color, 0.2)],
          [0.6, color],
          [1, shade(color, -0.3)],
        ],
        0,
        0,
        1,
        0,
      ),
    },
  );
}

export function jar(S, x, y, w, h, fill, lid = "#b08a5a") {
  const svg = S.svg;
  S.ell(x + 6, y, w * 0.7, w * 0.12, { fill: svg.soft("#000", 0.25) });
  S.rect(x - w / 2, y, x + w / 2, y + h * 0.7, { fill });
  S.rect(x - w / 2, y, x + w / 2, y + h, { fill: "#dfe8e6", opacity: 0.28 });
  S.rect(x - w / 2 + w * 0.12, y + h * 0.1, x - w / 2 + w * 0.22, y + h * 0.9, { fill: "#fff", opacity: 0.45 });
  S.rect(x - w / 2 - 3, y + h, x + w / 2 + 3, y + h + Math.max(18, h * 0.1), { fill: lid });
  if (Math.round(x * 13 + h * 7) % 3 === 0) {
    S.rect(x - w * 0.32, y + h * 0.35, x + w * 0.32, y + h * 0.58, { fill: "#f7f2e6" });
    S.rect(x - w * 0.2, y + h * 0.45, x + w * 0.2, y + h * 0.48, { fill: "#3a3530", opacity: 0.6 });
  }
}

/** Stack of plates / bowls and the odd jug on a shelf at y. */
export function crockery(S, x0, x1, y, seed = 6, palette = ["#f4f1ea", "#e9e4d9", "#d8d2c6", "#c9d3d6"]) {
  const r = new Rng(seed),
    svg = S.svg;
  let x = x0 + r.range(20, 80);
  while (x < x1 - 120) {
    const k = r.pick(["plates", "bowls", "jug", "jar", "plates", "gap"]),
      c = r.pick(palette);
    if (k === "plates") {
      const w = r.range(220, 270);
      if (x + w > x1) break;
      const n = r.int(4, 8);
      for (let i = 0; i < n; i++) {
        S.rect(x, y + i * 16, x + w, y + i * 16 + 13, { fill: shade(c, r.range(-0.05, 0.03)) });
        S.rect(x, y + i * 16 + 11, x + w, y + i * 16 + 13, { fill: "#000", opacity: 0.08 });
      }
      x += w + r.range(30, 80);
    } else if (k === "bowls") {
      const w = r.range(150, 190);
      if (x + w > x1) break;
      for (let i = 0; i < 3; i++)
        S.path(
          [
            "M",
            x + i * 8,
            y + i * 45 + 50,
            "Q",
            x + i * 8,
            y + i * 45,
            x + w / 2,
            y + i * 45,
            "Q",
            x + w - i * 8,
            y + i * 45,
            x + w - i * 8,
            y + i * 45 + 50,
            "Z",
          ],
          {
            fill: svg.lin(
              [
                [0, shade(c, 0.1)],
                [1, shade(c, -0.12)],
              ],
              0,
              0,
              1,
              0,
            ),
          },
        );
      x += w + r.range(30, 70);
    } else if (k === "jug") {
      const w = r.range(110, 150),
        h = r.range(170, 230);
      S.path(
        [
          "M",
          x,
          y,
          "L",
          x + w,
          y,
          "Q",
          x + w + 15,
          y + h * 0.6,
          x + w * 0.85,
          y + h,
          "L",
          x + w * 0.1,
          y + h,
          "Q",
          x - 15,
          y + h * 0.6,
          x,
          y,
          "Z",
        ],
        {
          fill: svg.lin(
            [
              [0, shade(c, 0.15)],
              [1, shade(c, -0.15)],
            ],
            0,
            0,
            1,
            0,
          ),
        },
      );
      S.path(["M", x + w, y + h * 0.8, "Q", x + w + 70, y + h * 0.6, x + w - 5, y + h * 0.3], {
        fill: "none",
        stroke: shade(c, -0.1),
        "stroke-width": Math.max(1, S.w(16)),
      });
      x += w + r.range(60, 110);
    } else if (k === "jar") {
      jar(S, x + 50, y, 100, r.range(140, 220), r.pick(["#e8d7b0", "#c89b5b", "#8c5a3c", "#efe9dc"]));
      x += 130;
    } else x += r.range(60, 160);
  }
}

/** Chopping board leaning against the splashback. */
export function board(S, x, y, w, h, color) {
  const svg = S.svg;
  S.rect(x + 10, y, x + w + 30, y + h - 20, {
    fill: svg.lin(
      [
        [0, "#000", 0],
        [0.5, "#000", 0.14],
        [1, "#000", 0.2],
      ],
      0,
      0,
      1,
      0,
    ),
  });
  S.path(
    [
      "M",
      x,
      y,
      "L",
      x + w,
      y,
      "L",
      x + w,
      y + h * 0.82,
      "Q",
      x + w,
      y + h,
      x + w * 0.5,
      y + h,
      "Q",
      x,
      y + h,
      x,
      y + h * 0.82,
      "Z",
    ],
    {
      fill: svg.lin(
        [
          [0, shade(color, 0.15)],
          [1, shade(color, -0.15)],
        ],
        0,
        0,
        1,
        0,
      ),
    },
  );
  S.ell(x + w / 2, y + h * 0.85, w * 0.07, w * 0.07, { fill: "#000", opacity: 0.45 });
}
