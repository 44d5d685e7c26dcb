"use client";

import { NumberField, SliderField } from "@/components/forms/fields";
import { IMAGE_DEFAULTS, IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { SchedulerField } from "./scheduler-field";

/** Steps, guidance, scheduler and CLIP skip: how the model walks from noise to the image. */
export function SamplingPanel() {
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
        <SchedulerField />
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
