import type { ModelInfo } from "./tools";

/** The sampling a model comes with, where it says. */
type ModelSampling = Pick<ModelInfo, "defaultSteps" | "defaultCFG">;

/**
 * What choosing a model fills in: its own steps and CFG scale, only where the person has set
 * none (a blank box is "the model's own"). A value the person typed is theirs and stays.
 */
export function modelDefaults(
  model: ModelSampling,
  current: { steps?: unknown; CFGScale?: unknown },
): { steps?: number; CFGScale?: number } {
  const fill: { steps?: number; CFGScale?: number } = {};
  if (model.defaultSteps && current.steps === undefined) fill.steps = model.defaultSteps;
  if (model.defaultCFG != null && current.CFGScale === undefined) fill.CFGScale = model.defaultCFG;
  return fill;
}
