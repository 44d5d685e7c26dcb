"use client";

import { useFormContext } from "react-hook-form";
import { describedBy, FieldShell } from "@/components/forms/field-shell";
import { fieldId, NumberField, SliderField, useFieldError } from "@/components/forms/fields";
import { cn } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/field";
import { SCHEDULERS } from "@/lib/client/create/image-presets";
import { IMAGE_DEFAULTS, IMAGE_LIMITS } from "@/lib/protocol/image-limits";

/** Steps, guidance, scheduler and CLIP skip: how the model walks from noise to the image. */
export function SamplingPanel() {
  const { register } = useFormContext();
  const schedulerError = useFieldError("scheduler");
  const sid = fieldId("scheduler");
  return (
    <div className="flex flex-col gap-4">
      <SliderField
        name="steps"
        label="Steps"
        min={IMAGE_LIMITS.steps.min}
        max={IMAGE_LIMITS.steps.max}
        step={1}
        fallback={IMAGE_DEFAULTS.steps}
        hint="More steps refine detail and take longer; blank uses the model's or the acceleration preset's."
      />
      <SliderField
        name="CFGScale"
        label="Guidance (CFG)"
        min={IMAGE_LIMITS.CFGScale.min}
        max={IMAGE_LIMITS.CFGScale.max}
        step={0.5}
        fallback={IMAGE_DEFAULTS.CFGScale}
        hint="How closely the image follows the prompt; FLUX models like 1–4, SDXL 5–8."
      />
      <div className="grid grid-cols-[1fr_auto] gap-3">
        <FieldShell id={sid} label="Scheduler" error={schedulerError}>
          <input
            id={sid}
            list={`${sid}-list`}
            placeholder="Model default"
            className={cn(inputClasses, "h-9")}
            {...describedBy(sid, null, schedulerError)}
            {...register("scheduler")}
          />
          <datalist id={`${sid}-list`}>
            {SCHEDULERS.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        </FieldShell>
        <NumberField
          name="clipSkip"
          label="CLIP skip"
          min={IMAGE_LIMITS.clipSkip.min}
          max={IMAGE_LIMITS.clipSkip.max}
          step={1}
          placeholder="0"
          className="w-24"
        />
      </div>
    </div>
  );
}
