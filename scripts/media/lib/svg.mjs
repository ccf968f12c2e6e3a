// Minimal SVG string builder with cached defs (gradients, filters, patterns, clips) and colour helpers.

export const f1 = (n) => {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
};
export const pts = (a) => a.map((p) => `${f1(p[0])},${f1(p[1])}`).join(" ");
/** Element opacity makes librsvg composite an offscreen layer per element (very slow);
 * fold it into fill/stroke opacity instead, which looks identical for single shapes. */
const fold = (o) => {
  if (o.opacity === undefined) return o;
  const { opacity, ...rest } = o;
  return {
    ...rest,
    "fill-opacity": opacity * (o["fill-opacity"] ?? 1),
    "stroke-opacity": opacity * (o["stroke-opacity"] ?? 1),
  };
};
export const A = (o) =>
  Object.entries(fold(o))
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => `${k}="${typeof v === "number" ? f1(v) : v}"`)
    .join(" ");

export const rect = (x, y, w, h, a = {}) => `<rect ${A({ x, y, width: w, height: h, ...a })}/>`;
export const poly = (p, a = {}) => `<polygon points="${pts(p)}" ${A(a)}/>`;
export const path = (d, a = {}) => `<path d="${d}" ${A(a)}/>`;
export const ell = (cx, cy, rx, ry, a = {}) => `<ellipse ${A({ cx, cy, rx, ry, ...a })}/>`;
export const circ = (cx, cy, r, a = {}) => `<circle ${A({ cx, cy, r, ...a })}/>`;
export const line = (x1, y1, x2, y2, a = {}) => `<line ${A({ x1, y1, x2, y2, ...a })}/>`;
export const g = (a, inner) => `<g ${A(a)}>${Array.isArray(inner) ? inner.join("") : inner}</g>`;
export const text = (x, y, s, a = {}) => `<text ${A({ x, y, ...a })}>${s.replace(/&/g, "&amp;")}</text>`;

export function hex2rgb(h) {
  h = h.replace("#", "");
  if (h.length === 3)
    h = h
      .split("")
      .map((c) => c + c)
      .join("");
  const n = parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
export const rgb2hex = (c) =>
  `#${c
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
export const mix = (a, b, t) => {
  const A1 = hex2rgb(a),
    B1 = hex2rgb(b);
  return rgb2hex(A1.map((v, i) => v + (B1[i] - v) * t));
};
/** t>0 lightens towards warm white, t<0 darkens towards a warm near-black. */
export const shade = (c, t) => (t >= 0 ? mix(c, "#fffdf8", t) : mix(c, "#15110d", -t));

const stopsXml = (stops) =>
  stops.map(([o, c, op = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${op}"/>`).join("");

export class Svg {
  constructor(w, h) {
    this.w = w;
    this.h = h;
    this.defs = [];
    this.out = [];
    this.n = 0;
    this.keys = new Map();
  }
  uid(p = "i") {
    return p + ++this.n;
  }
  add(...s) {
    for (const x of s) if (x) this.out.push(x);
    return this;
  }
  def(key, make) {
    if (this.keys.has(key)) return this.keys.get(key);
    const id = this.uid("d");
    this.keys.set(key, id);
    this.defs.push(make(id));
    return id;
  }
  /** Linear gradient; coordinates in bounding-box units unless units='userSpaceOnUse'. */
  lin(stops, x1 = 0, y1 = 0, x2 = 0, y2 = 1, units = "objectBoundingBox") {
    const key = `L${JSON.stringify([stops, x1, y1, x2, y2, units])}`;
    const id = this.def(
      key,
      (id) =>
        `<linearGradient id="${id}" gradientUnits="${units}" ${A({ x1, y1, x2, y2 })}>${stopsXml(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }
  rad(stops, cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy, units = "objectBoundingBox", transform) {
    const key = `R${JSON.stringify([stops, cx, cy, r, fx, fy, units, transform])}`;
    const id = this.def(
      key,
      (id) =>
        `<radialGradient id="${id}" gradientUnits="${units}" ${A({ cx, cy, r, fx, fy, gradientTransform: transform })}>${stopsXml(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }
  /** Radial fade used instead of blur filters (filters are expensive in librsvg). */
  soft(color, op = 1, hard = 0.3) {
    return this.rad([
      [0, color, op],
      [hard, color, op],
      [1, color, 0],
    ]);
  }
  blur(sd) {
    const id = this.def(
      `B${sd}`,
      (id) =>
        `<filter id="${id}" x="-60%" y="-60%" width="220%" height="220%"><feGaussianBlur stdDeviation="${sd}"/></filter>`,
    );
    return `url(#${id})`;
  }
  /** Image pattern in user space; transform maps tile space to the canvas. */
  pattern(key, uri, tw, th, transform) {
    const id = this.def(
      `P${key}${transform || ""}`,
      (id) =>
        `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${f1(tw)}" height="${f1(th)}"${transform ? ` patternTransform="${transform}"` : ""}><image width="${f1(tw)}" height="${f1(th)}" preserveAspectRatio="none" href="${uri}"/></pattern>`,
    );
    return `url(#${id})`;
  }
  clip(inner) {
    const id = this.uid("c");
    this.defs.push(`<clipPath id="${id}">${inner}</clipPath>`);
    return `url(#${id})`;
  }
  toString() {
    return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}"><defs>${this.defs.join("")}</defs>${this.out.join("\n")}</svg>`;
  }
}
