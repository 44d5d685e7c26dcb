"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { ModelField } from "@/components/forms/model-field";
import { Button } from "@/components/ui/button";
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { StepOrPercent } from "./step-or-percent";
import { useClearFields } from "./use-clear-fields";

const R = IMAGE_LIMITS.refiner;

/** A second checkpoint that takes over the last steps: where it starts, as a step or a percentage. */
export function RefinerFields() {
  const { control } = useFormContext();
  const refiner = useWatch({ control, name: "refiner" }) as Record<string, unknown> | undefined;
  const clear = useClearFields();
  const set = refiner && Object.values(refiner).some((v) => v !== undefined && v !== "");
  return (
    <div className="flex flex-col gap-4">
      <ModelField
        name="refiner.model"
        label="Refiner model"
        category="checkpoint"
        placeholder="Choose a checkpoint"
      />
      <StepOrPercent
        label="Takes over at"
        stepName="refiner.startStep"
        percentName="refiner.startStepPercentage"
        step={R.startStep}
        percent={R.startStepPercentage}
        hint="A step must be below the task's steps."
      />
      {set ? (
        <Button size="sm" variant="ghost" className="self-start" onClick={() => clear("refiner")}>
          Remove refiner
        </Button>
      ) : null}
    </div>
  );
}

/** A VAE that replaces the model's own. */
export function VaeField() {
  const { control } = useFormContext();
  const vae = useWatch({ control, name: "vae" }) as string | undefined;
  const clear = useClearFields();
  return (
    <div className="flex flex-col gap-2">
      <ModelField
        name="vae"
        label="VAE"
        category="vae"
        placeholder="The model's own"
        hint="Overrides the VAE the model ships with."
      />
      {vae ? (
        <Button size="sm" variant="ghost" className="self-start" onClick={() => clear("vae")}>
          Use the model's own
        </Button>
      ) : null}
    </div>
  );
}
