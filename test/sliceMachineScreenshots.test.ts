/**
 * Slice Machine's UI shows each variation's screenshot and simulates it from the slice's mocks:
 * both are read through our adapter's `slice:asset:read`, as @slicemachine/manager's `getState()`
 * gives them to slice-machine-ui (its slice list and the Page Builder's slice picker). Checked on
 * the committed project: every variation of every slice has its picture, the bytes of its
 * `screenshot-<variation>.png`, and every slice its mocks, one per variation, in the editor's format.
 */
import fs from "node:fs";
import path from "node:path";
import type { SliceMachineManager } from "@slicemachine/manager";
import { startManager } from "./support/sliceMachine/manager";
import { LIBRARY_ID } from "./support/sliceMachine/newSlice";
import { ROOT } from "./support/testApp";

let manager: SliceMachineManager;
beforeAll(async () => {
  manager = await startManager(ROOT);
});

interface Component {
  model: { id: string; variations: { id: string }[] };
  screenshots: Record<string, { hash: string; data: Buffer }>;
  mocks?: { __TYPE__: string; variation: string }[];
}

const sliceDirs = fs
  .readdirSync(path.join(ROOT, "views/slices"))
  .filter((name) => fs.existsSync(path.join(ROOT, "views/slices", name, "model.json")));

test("the UI's state has a screenshot for every variation of every slice, read from beside its model", async () => {
  const state = (await manager.getState()) as unknown as { libraries: { name: string; components: Component[] }[] };
  const library = state.libraries.find((l) => l.name === LIBRARY_ID)!;
  expect(library.components).toHaveLength(sliceDirs.length);
  let variations = 0;
  for (const name of sliceDirs) {
    const model = JSON.parse(
      fs.readFileSync(path.join(ROOT, "views/slices", name, "model.json"), "utf8"),
    ) as Component["model"];
    const component = library.components.find((c) => c.model.id === model.id)!;
    for (const variation of model.variations) {
      variations++;
      const file = path.join(ROOT, "views/slices", name, `screenshot-${variation.id}.png`);
      expect({
        slice: name,
        variation: variation.id,
        read: Buffer.from(component.screenshots[variation.id]?.data ?? []).equals(fs.readFileSync(file)),
      }).toEqual({
        slice: name,
        variation: variation.id,
        read: true,
      });
    }
    expect({ slice: name, mocks: component.mocks?.map((m) => [m.__TYPE__, m.variation]) }).toEqual({
      slice: name,
      mocks: model.variations.map((v) => ["SharedSliceContent", v.id]),
    });
  }
  // Every variation was checked, none stepped around: as many as the models have.
  expect(variations).toBe(library.components.reduce((n, c) => n + c.model.variations.length, 0));
  expect(variations).toBeGreaterThanOrEqual(sliceDirs.length);
}, 60_000);
