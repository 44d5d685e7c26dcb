"use client";

import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { NumberField } from "@/components/forms/fields";
import { Segmented } from "@/components/ui/segmented";
import { type StepForm, shownStepForms } from "@/lib/client/create/advanced-fields";
import { useClearFields } from "./use-clear-fields";

interface Bounds {
  min: number;
  max?: number;
}

interface StepOrPercentProps {
  /** What the number says, e.g. "Refiner starts at". */
  label: string;
  stepName: string;
  percentName: string;
  step: Bounds;
  percent: Bounds;
  hint?: string;
}

const FORMS = [
  { value: "steps", label: "Step" },
  { value: "percent", label: "% of steps" },
] as const;

/**
 * A point in the denoising run, given as a step number or as a percentage of the steps: the
 * contract takes one or the other. Switching clears the form left behind, so it is never sent.
 */
export function StepOrPercent({ label, stepName, percentName, step, percent, hint }: StepOrPercentProps) {
  const { control } = useFormContext();
  const [stepValue, percentValue] = useWatch({ control, name: [stepName, percentName] });
  const [chosen, setChosen] = useState<StepForm>("steps");
  const clear = useClearFields();
  const shown = shownStepForms(stepValue, percentValue, chosen);
  const current = shown.length === 1 ? (shown[0] ?? chosen) : chosen;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-3">
        <span className="font-medium text-[13px] text-foreground">{label}</span>
        <Segmented
          label={`${label}: counted in`}
          value={current}
          options={FORMS}
          onChange={(form) => {
            clear(form === "steps" ? percentName : stepName);
            setChosen(form);
          }}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        {shown.includes("steps") ? (
          <NumberField
            name={stepName}
            label="Step"
            min={step.min}
            max={step.max}
            step={1}
            placeholder={step.max === undefined ? `${step.min} or more` : `${step.min}–${step.max}`}
          />
        ) : null}
        {shown.includes("percent") ? (
          <NumberField
            name={percentName}
            label="Percent"
            min={percent.min}
            max={percent.max}
            step={1}
            placeholder={`${percent.min}–${percent.max ?? ""}`}
          />
        ) : null}
      </div>
      {hint ? <p className="text-muted-subtle text-xs">{hint}</p> : null}
    </div>
  );
}
