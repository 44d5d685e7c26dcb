import type { RunSettingsInput } from "./input";

type Settings = RunSettingsInput;

/** The service a model runs on: the first part of its AIR id ("runware" in `runware:101@1`). */
export function providerOf(air: string): string {
  const colon = air.indexOf(":");
  return colon > 0 ? air.slice(0, colon) : air;
}

/**
 * What differs between a baseline's settings and a run's, one line each in words:
 * "Model: FLUX.1 [dev] → FLUX.1 [schnell]", "Steps: 30 → 4", "Size: 512×512 → 768×512". A model
 * goes by its catalogue name where `names` has it, by its id where the two share a name.
 */
export function settingsChanges(
  baseline: Settings,
  run: Settings,
  names: ReadonlyMap<string, string> = new Map(),
): string[] {
  const out: string[] = [];
  const line = (what: string, from: string, to: string) => {
    if (from !== to) out.push(`${what}: ${from} → ${to}`);
  };
  if (baseline.model !== run.model) {
    const from = names.get(baseline.model);
    const to = names.get(run.model);
    const named = from && to && from !== to;
    line("Model", named ? from : baseline.model, named ? to : run.model);
  }
  line("Provider", providerOf(baseline.model), providerOf(run.model));
  const or = (v: number | string | undefined, none: string) => (v === undefined ? none : String(v));
  line("Steps", or(baseline.steps, "the model's default"), or(run.steps, "the model's default"));
  line("CFG scale", or(baseline.CFGScale, "the model's default"), or(run.CFGScale, "the model's default"));
  line("Size", `${baseline.width}×${baseline.height}`, `${run.width}×${run.height}`);
  line("Scheduler", or(baseline.scheduler, "the model's default"), or(run.scheduler, "the model's default"));
  return out;
}
