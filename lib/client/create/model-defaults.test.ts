import { describe, expect, it } from "vitest";
import { modelDefaults } from "./model-defaults";

describe("a chosen model's own steps and CFG scale", () => {
  const flux = { defaultSteps: 28, defaultCFG: 3.5 };

  it("fill what the person has left blank", () => {
    expect(modelDefaults(flux, {})).toEqual({ steps: 28, CFGScale: 3.5 });
    expect(modelDefaults(flux, { steps: undefined, CFGScale: undefined })).toEqual({
      steps: 28,
      CFGScale: 3.5,
    });
  });

  it("leave what the person set", () => {
    expect(modelDefaults(flux, { steps: 12 })).toEqual({ CFGScale: 3.5 });
    expect(modelDefaults(flux, { steps: 12, CFGScale: 0 })).toEqual({});
  });

  it("fill nothing the model does not say (a CFG of 0 is said; 0 steps is not)", () => {
    expect(modelDefaults({ defaultSteps: null, defaultCFG: null }, {})).toEqual({});
    expect(modelDefaults({ defaultSteps: 0, defaultCFG: 0 }, {})).toEqual({ CFGScale: 0 });
  });
});
