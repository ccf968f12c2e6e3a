// The twelve kitchen scenes: declarative configs for kitchen-builder (and the galley builder), one file per kitchen
// in scenes/kitchens/; this table fixes their order and output file names.
import { buildKitchen } from "./kitchen-builder.mjs";
import { buildGalley } from "./galley.mjs";
import { navyShaker } from "./kitchens/navy-shaker.mjs";
import { sageInframe } from "./kitchens/sage-inframe.mjs";
import { oakHandleless } from "./kitchens/oak-handleless.mjs";
import { pinkLarder } from "./kitchens/pink-larder.mjs";
import { walnutIsland } from "./kitchens/walnut-island.mjs";
import { whiteGalley } from "./kitchens/white-galley.mjs";
import { creamCountry } from "./kitchens/cream-country.mjs";
import { charcoalSlab } from "./kitchens/charcoal-slab.mjs";
import { terracottaPantry } from "./kitchens/terracotta-pantry.mjs";
import { blueBootRoom } from "./kitchens/blue-boot-room.mjs";
import { oliveIsland } from "./kitchens/olive-island.mjs";
import { stoneOpenPlan } from "./kitchens/stone-open-plan.mjs";

export const KITCHENS = {
  "kitchen-navy-shaker.jpg": navyShaker,
  "kitchen-sage-inframe.jpg": sageInframe,
  "kitchen-oak-handleless.jpg": oakHandleless,
  "kitchen-pink-larder.jpg": pinkLarder,
  "kitchen-walnut-island.jpg": walnutIsland,
  "kitchen-white-galley.jpg": whiteGalley,
  "kitchen-cream-country.jpg": creamCountry,
  "kitchen-charcoal-slab.jpg": charcoalSlab,
  "kitchen-terracotta-pantry.jpg": terracottaPantry,
  "kitchen-blue-boot-room.jpg": blueBootRoom,
  "kitchen-olive-island.jpg": oliveIsland,
  "kitchen-stone-open-plan.jpg": stoneOpenPlan,
};

export const kitchens = Object.entries(KITCHENS).map(([file, cfg]) => ({
  file,
  w: 2400,
  h: 1600,
  grain: 6,
  build: () => (cfg.galley ? buildGalley(cfg) : buildKitchen(cfg)),
}));
