// Default eye-level kitchen camera; each kitchen config overrides only what its layout needs.

export const cam = (o = {}) => ({ D: 6500, s0: 0.4, eye: 1450, hz: 690, ...o });
