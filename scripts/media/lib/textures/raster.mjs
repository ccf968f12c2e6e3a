// Shared machinery of the per-pixel textures (wood, stone, paint, metal): the key cache, colour lerp, smooth fields, the pixel loop.
// Each texture returns { w, h, data: Uint8ClampedArray (RGB) }. Results are cached per key.

export const cache = new Map();
export const lerp3 = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
export const hex = (h) => {
  const n = parseInt(h.replace("#", ""), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

/** Smooth low-frequency field sampled every `step` px and bilinearly interpolated (fn takes u,v in 0..1). */
export function field(w, h, step, fn) {
  const gw = Math.ceil(w / step) + 2,
    gh = Math.ceil(h / step) + 2,
    F = new Float32Array(gw * gh);
  for (let j = 0; j < gh; j++) for (let i = 0; i < gw; i++) F[j * gw + i] = fn((i * step) / w, (j * step) / h);
  return (x, y) => {
    const fx = x / step,
      fy = y / step,
      i = fx | 0,
      j = fy | 0,
      tx = fx - i,
      ty = fy - j,
      o = j * gw + i;
    const a = F[o] + (F[o + 1] - F[o]) * tx,
      b = F[o + gw] + (F[o + gw + 1] - F[o + gw]) * tx;
    return a + (b - a) * ty;
  };
}

export function make(w, h, fn) {
  const data = new Uint8ClampedArray(w * h * 3);
  let o = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = fn(x, y);
      data[o++] = c[0];
      data[o++] = c[1];
      data[o++] = c[2];
    }
  }
  return { w, h, data };
}
