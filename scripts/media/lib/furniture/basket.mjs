// Wicker basket; used in cupboards, the boot-room bench and standing on its own.

export function basket(S, x, y, w, h) {
  const svg = S.svg;
  S.rect(x, y, x + w, y + h, {
    fill: svg.lin([
      [0, "#c9a06a"],
      [1, "#9c7442"],
    ]),
  });
  for (let yy = y + 18; yy < y + h; yy += 22) S.rect(x, yy, x + w, yy + 5, { fill: "#6e4f2a", opacity: 0.35 });
  for (let xx = x + 20; xx < x + w; xx += 40) S.rect(xx, y, xx + 4, y + h, { fill: "#fff", opacity: 0.1 });
  S.rect(x - 6, y + h - 26, x + w + 6, y + h, { fill: "#b58a52" });
}
