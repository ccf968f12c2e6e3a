// One-point perspective camera and the projected drawing surfaces every scene and piece draws on.
// World units are millimetres: x right (0 = centre of back wall), y up (0 = floor), z towards the viewer (0 = back wall).
import { poly, ell, path, line, f1 } from "./svg.mjs";

export function camera({ W = 2400, H = 1600, D = 6000, s0 = 0.4, eye = 1400, hz = 720, cx = 1200 } = {}) {
  const f = s0 * D;
  const s = (z) => f / Math.max(60, D - z);
  const P = (x, y, z) => {
    const k = s(z);
    return [cx + x * k, hz - (y - eye) * k];
  };
  return { W, H, D, f, s, P, eye, hz, cx };
}

/** A plane in the world; (u, v) are millimetres on the plane, `map` projects them to canvas pixels. */
export class Surf {
  constructor(svg, map, k) {
    this.svg = svg;
    this.map = map;
    this.k = k;
  }
  p(u, v) {
    return this.map(u, v);
  }
  w(mm) {
    return mm * this.k;
  }
  poly(uv, a) {
    this.svg.add(
      poly(
        uv.map((q) => this.map(q[0], q[1])),
        a,
      ),
    );
  }
  rect(u0, v0, u1, v1, a) {
    this.poly(
      [
        [u0, v0],
        [u1, v0],
        [u1, v1],
        [u0, v1],
      ],
      a,
    );
  }
  ell(u, v, ru, rv, a) {
    const c = this.map(u, v),
      dx = this.map(u + ru, v),
      dy = this.map(u, v + rv);
    this.svg.add(ell(c[0], c[1], Math.hypot(dx[0] - c[0], dx[1] - c[1]), Math.hypot(dy[0] - c[0], dy[1] - c[1]), a));
  }
  /** Path from tokens: commands as strings, coordinates as u,v pairs. */
  path(tokens, a) {
    let d = "";
    for (let i = 0; i < tokens.length; ) {
      const t = tokens[i++];
      if (typeof t === "string") {
        d += t;
        continue;
      }
      const q = this.map(t, tokens[i++]);
      d += `${f1(q[0])},${f1(q[1])} `;
    }
    this.svg.add(path(d, a));
  }
  line(u0, v0, u1, v1, a) {
    const p = this.map(u0, v0),
      q = this.map(u1, v1);
    this.svg.add(line(p[0], p[1], q[0], q[1], a));
  }
}
export const front = (svg, cam, z) => new Surf(svg, (u, v) => cam.P(u, v, z), cam.s(z));
export const sideX = (svg, cam, x, zRef = 800) => new Surf(svg, (u, v) => cam.P(x, v, u), cam.s(zRef));
export const flatY = (svg, cam, y, zRef = 800) => new Surf(svg, (u, v) => cam.P(u, y, v), cam.s(zRef));
