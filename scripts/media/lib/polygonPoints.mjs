// Polygon `points` string rounded to 0.1 px, shared by the pieces and scenes that add raw <polygon>s.

export const q = (a) => a.map((p) => p.map((v) => Math.round(v * 10) / 10).join(",")).join(" ");
