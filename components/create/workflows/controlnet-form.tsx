"use client";

import { controlNetBlockedBy, newControlNetUnit } from "@/lib/client/create/controlnet-units";
import { ControlNetUnits } from "../controlnet/controlnet-units";
import { ImageWorkflow } from "../image-workflow";

const FIELDS = ["controlNet"] as const;
// One unit to start with: the workflow means nothing without one.
const DEFAULTS = { controlNet: [newControlNetUnit()] };

/** ControlNet: guide images (pose, depth, edges...) hold the composition; the prompt sets the rest. */
export function ControlNetForm() {
  return (
    <ImageWorkflow
      slug="controlnet"
      fields={FIELDS}
      defaults={DEFAULTS}
      blockedBy={controlNetBlockedBy}
      source={() => <ControlNetUnits />}
    />
  );
}
