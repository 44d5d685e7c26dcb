"use client";

import { useEffect, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { NumberField } from "@/components/forms/fields";
import { Segmented } from "@/components/ui/segmented";
import {
  type ControlNetUnitValues,
  stepsFor,
  switchTiming,
  type TimingMode,
  timingModeOf,
} from "@/lib/client/create/controlnet-units";
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { plural } from "@/lib/studio/words";

const L = IMAGE_LIMITS.controlNet;

const MODES: readonly { value: TimingMode; label: string; title: string }[] = [
  { value: "percent", label: "Percent", title: "Start and end as a share of the run" },
  { value: "steps", label: "Steps", title: "Start and end as step numbers" },
];

const TIMING_KEYS = ["startStep", "endStep", "startStepPercentage", "endStepPercentage"] as const;

/** When in the run a unit acts: a start and an end, as step numbers or as percent of the steps. */
export function TimingFields({ name }: { name: string }) {
  const { getValues, setValue, clearErrors } = useFormContext();
  const unit = (useWatch({ name }) ?? {}) as ControlNetUnitValues;
  const steps = stepsFor(useWatch({ name: "steps" }));
  const given = timingModeOf(unit);
  // Local, so clearing both inputs of one form does not flip the view to the other form.
  const [mode, setMode] = useState<TimingMode>(given ?? "percent");
  useEffect(() => {
    // Values set from outside (a recalled task, a reset) decide the view.
    if (given) setMode(given);
  }, [given]);

  const choose = (to: TimingMode) => {
    const patch = switchTiming((getValues(name) ?? {}) as ControlNetUnitValues, to, steps);
    for (const key of TIMING_KEYS) setValue(`${name}.${key}`, patch[key], { shouldDirty: true });
    clearErrors(TIMING_KEYS.map((key) => `${name}.${key}`));
    setMode(to);
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-[13px] text-foreground">Active from / to</span>
        <Segmented label="Give start and end as" value={mode} options={MODES} onChange={choose} />
      </div>
      {mode === "steps" ? (
        <div className="grid grid-cols-2 gap-3">
          <NumberField
            key="start-step"
            name={`${name}.startStep`}
            label="Start step"
            min={L.startStep.min}
            max={steps - 1}
            step={1}
            placeholder={String(L.startStep.min)}
          />
          <NumberField
            key="end-step"
            name={`${name}.endStep`}
            label="End step"
            min={L.endStep.min}
            max={steps}
            step={1}
            placeholder={String(steps)}
            hint={`At most the task's ${plural(steps, "step")}.`}
          />
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-3">
          <NumberField
            key="start-percent"
            name={`${name}.startStepPercentage`}
            label="Start %"
            min={L.startStepPercentage.min}
            max={L.startStepPercentage.max}
            step={1}
            placeholder={String(L.startStepPercentage.min)}
          />
          <NumberField
            key="end-percent"
            name={`${name}.endStepPercentage`}
            label="End %"
            min={L.endStepPercentage.min}
            max={L.endStepPercentage.max}
            step={1}
            placeholder={String(L.endStepPercentage.max)}
            hint="Ending early leaves the last steps to the prompt."
          />
        </div>
      )}
    </div>
  );
}
