"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { NumberField, SliderField } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";
import { IMAGE_DEFAULTS, IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { ImageListField } from "./image-list-field";
import { StepOrPercent } from "./step-or-percent";
import { useClearFields } from "./use-clear-fields";

const P = IMAGE_LIMITS.puLID;

/** PuLID: keeps the face of one input image in what is generated. */
export function PuLIDFields() {
  const { control } = useFormContext();
  const puLID = useWatch({ control, name: "puLID" }) as Record<string, unknown> | undefined;
  const clear = useClearFields();
  return (
    <div className="flex flex-col gap-4">
      <ImageListField
        name="puLID.inputImages"
        label="Face image"
        max={P.inputImages.max}
        hint="One image showing one clear face."
      />
      <SliderField
        name="puLID.idWeight"
        label="Identity weight"
        min={P.idWeight.min}
        max={P.idWeight.max}
        step={1}
        fallback={IMAGE_DEFAULTS.puLID.idWeight}
        hint="How strongly the face is kept."
      />
      <NumberField
        name="puLID.trueCFGScale"
        label="True CFG scale"
        min={P.trueCFGScale.min}
        max={P.trueCFGScale.max}
        step={0.1}
        placeholder="Model default"
      />
      <StepOrPercent
        label="True CFG starts at"
        stepName="puLID.CFGStartStep"
        percentName="puLID.CFGStartStepPercentage"
        step={P.CFGStartStep}
        percent={P.CFGStartStepPercentage}
      />
      {puLID && Object.values(puLID).some((v) => v !== undefined) ? (
        <Button size="sm" variant="ghost" className="self-start" onClick={() => clear("puLID")}>
          Remove PuLID
        </Button>
      ) : null}
    </div>
  );
}
