// Highlight / mid / shadow colours per metal finish; its own module as cabinet hardware, taps, pendants and rails all share it.

export const METALS = {
  brass: ["#fbe7b0", "#c49a52", "#765420"],
  black: ["#707070", "#2c2c2d", "#0f0f10"],
  nickel: ["#ffffff", "#c2c3c1", "#676866"],
  bronze: ["#c99d74", "#7d5638", "#3b2516"],
  copper: ["#f4b890", "#b66d3d", "#653216"],
};
