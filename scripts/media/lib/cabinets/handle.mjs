// Cabinet door and drawer hardware (knobs, cup pulls, bars); unitFronts fits it to each front, in any metal finish.
import { METALS } from "../metalFinishes.mjs";

/** Door hardware on a surface (mm units, y up). */
export function handle(S, kind, x, y, metal = "brass", o = {}) {
  const svg = S.svg,
    [hi, mid, lo] = METALS[metal] ?? METALS.brass,
    sh = { fill: "#000", opacity: 0.18 };
  if (kind === "knob") {
    const r = o.r ?? 17;
    S.ell(x + 5, y - 8, r * 1.5, r * 1.4, { fill: svg.soft("#000", 0.45, 0.4) });
    S.ell(x, y, r, r, {
      fill: svg.rad(
        [
          [0, hi],
          [0.45, mid],
          [1, lo],
        ],
        0.38,
        0.3,
        0.78,
      ),
    });
    S.ell(x - r * 0.28, y + r * 0.32, r * 0.32, r * 0.2, { fill: "#fff", opacity: 0.55 });
  } else if (kind === "cup") {
    const w = o.len ?? 100,
      h = 34;
    S.path(["M", x - w / 2 + 4, y + 2, "Q", x + 4, y - h - 10, x + w / 2 + 4, y + 2, "Z"], sh);
    S.rect(x - w / 2 - 6, y - 3, x + w / 2 + 6, y + 12, {
      fill: svg.lin([
        [0, hi],
        [1, mid],
      ]),
    });
    S.path(
      ["M", x - w / 2, y, "L", x + w / 2, y, "Q", x + w / 2, y - h, x, y - h, "Q", x - w / 2, y - h, x - w / 2, y, "Z"],
      {
        fill: svg.lin([
          [0, hi],
          [0.5, mid],
          [1, lo],
        ]),
      },
    );
    S.path(
      ["M", x - w * 0.4, y - 12, "Q", x, y - h - 2, x + w * 0.4, y - 12, "Q", x, y - h + 8, x - w * 0.4, y - 12, "Z"],
      { fill: lo, opacity: 0.9 },
    );
  } else if (kind === "bar" || kind === "vbar") {
    const L = o.len ?? 200,
      t = o.t ?? 13,
      v = kind === "vbar";
    const [a0, b0, a1, b1] = v
      ? [x - t / 2, y - L / 2, x + t / 2, y + L / 2]
      : [x - L / 2, y - t / 2, x + L / 2, y + t / 2];
    S.rect(a0 + 6, b0 - 9, a1 + 6, b1 - 9, sh);
    S.rect(a0, b0, a1, b1, {
      fill: v
        ? svg.lin(
            [
              [0, hi],
              [0.5, mid],
              [1, lo],
            ],
            0,
            0,
            1,
            0,
          )
        : svg.lin([
            [0, hi],
            [0.5, mid],
            [1, lo],
          ]),
    });
  }
}
