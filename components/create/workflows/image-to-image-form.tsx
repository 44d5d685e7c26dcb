"use client";

import { SliderField } from "@/components/forms/fields";
import { IMAGE_DEFAULTS, IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { ImageWorkflow } from "../image-workflow";
import { SourceImageField } from "../source-image-field";

const FIELDS = ["seedImage", "strength"] as const;
const DEFAULTS = { strength: IMAGE_DEFAULTS.strength };

/** Image to image: a source image steered by the prompt; strength says how far it may move. */
export function ImageToImageForm() {
  return (
    <ImageWorkflow
      slug="image-to-image"
      fields={FIELDS}
      defaults={DEFAULTS}
      blockedBy={(v) => (v.seedImage ? null : "Add a source image to start from.")}
      source={() => (
        <>
          <SourceImageField hint="The output keeps this image's shape at about a megapixel; change the size below." />
          <SliderField
            name="strength"
            label="Strength"
            min={IMAGE_LIMITS.strength.min}
            max={IMAGE_LIMITS.strength.max}
            step={0.01}
            fallback={IMAGE_DEFAULTS.strength}
            hint="Low keeps the source close; high lets the prompt repaint it."
          />
        </>
      )}
    />
  );
}
