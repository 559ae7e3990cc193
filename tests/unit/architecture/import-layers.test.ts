import { describe, expect, it } from "vitest";
import { IMPORT_CYCLES_CEILING, UPWARD_IMPORTS_CEILING, importCycles, upwardImports } from "../../../scripts/import-layers.mjs";
import { ROOT } from "../source-imports";

/** The layers hold (docs/architecture.md, "Layers"): imports up the layers and loops of files only fall. */
describe("import layers", () => {
  it(`has at most ${UPWARD_IMPORTS_CEILING} imports from a lower layer to a higher one`, () => {
    const upward = upwardImports(ROOT).map(({ from, to }) => `${from} -> ${to}`);
    expect(upward.length, upward.join("\n")).toBeLessThanOrEqual(UPWARD_IMPORTS_CEILING);
  });

  it(`has at most ${IMPORT_CYCLES_CEILING} loops of files that import each other`, () => {
    const cycles = importCycles(ROOT).map((cycle) => cycle.join(", "));
    expect(cycles.length, cycles.join("\n")).toBeLessThanOrEqual(IMPORT_CYCLES_CEILING);
  });
});
