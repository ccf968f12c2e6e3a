// 1200x1200 material swatches: wood staves, painted Shaker corners, stone, quartz and brushed metals.
import { Svg, rect, poly } from "../lib/svg.mjs";
import { wood } from "../lib/textures/wood.mjs";
import { marble, quartz } from "../lib/textures/stone.mjs";
import { paint } from "../lib/textures/paint.mjs";
import { metal } from "../lib/textures/metal.mjs";
import { toUri } from "../lib/textures/dataUri.mjs";

const S = 1200;

function lighting(svg, { gloss = 0, sheen = 0.1 } = {}) {
  svg.add(
    rect(0, 0, S, S, {
      fill: svg.lin(
        [
          [0, "#fff", sheen],
          [0.55, "#fff", 0],
          [1, "#000", sheen * 1.2],
        ],
        0,
        0,
        1,
        1,
      ),
    }),
  );
  if (gloss)
    svg.add(
      poly(
        [
          [S * 0.15, 0],
          [S * 0.42, 0],
          [S * 0.05, S],
          [-S * 0.22, S],
        ],
        { fill: "#fff", opacity: gloss, filter: svg.blur(60) },
      ),
    );
  svg.add(
    rect(0, 0, S, S, {
      fill: svg.rad(
        [
          [0.55, "#000", 0],
          [1, "#000", 0.18],
        ],
        0.5,
        0.5,
        0.75,
      ),
    }),
  );
}

async function woodSwatch(species, seed) {
  const svg = new Svg(S, S);
  svg.add(`<image width="${S}" height="${S}" href="${await toUri(wood(species, S, S, { seed, boards: 4 }), 92)}"/>`);
  lighting(svg, { sheen: 0.08, gloss: 0.05 });
  return svg;
}

/** Corner of a Shaker door: stile, rail, bevelled profile and recessed panel, each brushed along its grain. */
async function paintSwatch(color, seed) {
  const svg = new Svg(S, S);
  const v = await toUri(paint(color, 600, 1200, { seed, strength: 1.8 }), 92);
  const h = await toUri(paint(color, 1200, 600, { seed: seed + 1, horizontal: true, strength: 1.8 }), 92);
  const fw = 300,
    bev = 70;
  const pv = svg.pattern(`pv${seed}`, v, 600, 1200),
    ph = svg.pattern(`ph${seed}`, h, 1200, 600);
  svg.add(rect(0, 0, S, S, { fill: pv }));
  // panel (slightly darker, recessed) and its bevel faces
  const px = fw + bev,
    py = fw + bev;
  svg.add(rect(px, py, S - px, S - py, { fill: pv }));
  svg.add(rect(px, py, S - px, S - py, { fill: "#000", opacity: 0.035 }));
  svg.add(
    poly(
      [
        [fw, fw],
        [S, fw],
        [S, py],
        [px, py],
      ],
      { fill: ph },
    ),
  );
  svg.add(
    poly(
      [
        [fw, fw],
        [S, fw],
        [S, py],
        [px, py],
      ],
      {
        fill: svg.lin(
          [
            [0, "#000", 0.28],
            [1, "#000", 0.12],
          ],
          0,
          0,
          0,
          1,
        ),
      },
    ),
  );
  svg.add(
    poly(
      [
        [fw, fw],
        [px, py],
        [px, S],
        [fw, S],
      ],
      { fill: pv },
    ),
  );
  svg.add(
    poly(
      [
        [fw, fw],
        [px, py],
        [px, S],
        [fw, S],
      ],
      {
        fill: svg.lin(
          [
            [0, "#000", 0.2],
            [1, "#000", 0.06],
          ],
          0,
          0,
          1,
          0,
        ),
      },
    ),
  );
  // ovolo/quirk lines of the profile
  svg.add(
    poly(
      [
        [fw, fw],
        [S, fw],
        [S, fw + 6],
        [fw + 6, fw + 6],
        [fw + 6, S],
        [fw, S],
      ],
      { fill: "#fff", opacity: 0.16 },
    ),
  );
  svg.add(
    poly(
      [
        [px - 4, py - 4],
        [S, py - 4],
        [S, py + 2],
        [px + 2, py + 2],
        [px + 2, S],
        [px - 4, S],
      ],
      { fill: "#000", opacity: 0.22 },
    ),
  );
  // shadow cast by the rail onto the panel
  svg.add(
    rect(px, py, S - px, 90, {
      fill: svg.lin([
        [0, "#000", 0.16],
        [1, "#000", 0],
      ]),
    }),
  );
  svg.add(
    rect(px, py, 50, S - py, {
      fill: svg.lin(
        [
          [0, "#000", 0.1],
          [1, "#000", 0],
        ],
        0,
        0,
        1,
        0,
      ),
    }),
  );
  // top rail over the stile with a fine joint line
  svg.add(rect(fw, 0, S - fw, fw, { fill: ph }));
  svg.add(rect(fw - 1, 0, 2.5, fw, { fill: "#000", opacity: 0.25 }));
  svg.add(
    rect(0, 0, S, S, {
      fill: svg.lin(
        [
          [0, "#fff", 0.1],
          [0.5, "#fff", 0],
          [1, "#000", 0.12],
        ],
        0,
        0,
        1,
        1,
      ),
    }),
  );
  lighting(svg, { sheen: 0.04 });
  return svg;
}

async function stoneSwatch(tex, gloss) {
  const svg = new Svg(S, S);
  svg.add(`<image width="${S}" height="${S}" href="${await toUri(tex, 92)}"/>`);
  lighting(svg, { sheen: 0.06, gloss });
  return svg;
}

async function metalSwatch(kind, patina) {
  const svg = new Svg(S, S);
  svg.add(
    `<image width="${S}" height="${S}" href="${await toUri(metal(kind, S, S, { patina, seed: kind.length * 7 }), 92)}"/>`,
  );
  svg.add(
    poly(
      [
        [0, S * 0.35],
        [S, S * 0.1],
        [S, S * 0.3],
        [0, S * 0.58],
      ],
      { fill: "#fff", opacity: patina ? 0.06 : 0.14, filter: svg.blur(70) },
    ),
  );
  lighting(svg, { sheen: 0.05 });
  return svg;
}

export const swatches = [
  ["swatch-natural-oak.jpg", () => woodSwatch("oak", 21)],
  ["swatch-smoked-oak.jpg", () => woodSwatch("smoked", 22)],
  ["swatch-american-walnut.jpg", () => woodSwatch("walnut", 23)],
  ["swatch-ash.jpg", () => woodSwatch("ash", 24)],
  ["swatch-painted-navy.jpg", () => paintSwatch("#1f2c4a", 31)],
  ["swatch-painted-sage.jpg", () => paintSwatch("#9aa68f", 32)],
  ["swatch-painted-blush.jpg", () => paintSwatch("#e9c9c3", 33)],
  ["swatch-painted-cream.jpg", () => paintSwatch("#ece2cf", 34)],
  ["swatch-painted-charcoal.jpg", () => paintSwatch("#3a3b3c", 35)],
  ["swatch-painted-terracotta.jpg", () => paintSwatch("#b8664a", 36)],
  ["swatch-carrara-marble.jpg", () => stoneSwatch(marble("carrara", S, S, { seed: 41 }), 0.12)],
  [
    "swatch-white-quartz.jpg",
    () => stoneSwatch(quartz("#eeebe4", ["#c9c4bb", "#ddd8cf", "#a9a49c"], S, S, { seed: 42 }), 0.1),
  ],
  [
    "swatch-grey-quartz.jpg",
    () => stoneSwatch(quartz("#8e8f8c", ["#6c6d6b", "#b9b9b4", "#4e4f4d"], S, S, { seed: 43 }), 0.08),
  ],
  ["swatch-soapstone.jpg", () => stoneSwatch(marble("soapstone", S, S, { seed: 44 }), 0.05)],
  ["swatch-brushed-brass.jpg", () => metalSwatch("brass", 0)],
  ["swatch-aged-copper.jpg", () => metalSwatch("copper", 0.75)],
].map(([file, build]) => ({ file, w: S, h: S, build, grain: 6 }));
