"use client";

import { SliderField } from "@/components/forms/fields";
import {
  imageToImageBlocked,
  imageToImageTask,
  startFromOf,
  tierWords,
} from "@/lib/client/create/reference-images";
import type { ImageResolution } from "@/lib/protocol/image-edit-models";
import { IMAGE_DEFAULTS, IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { ImageWorkflow, type SizeInstead } from "../image-workflow";
import { ResolutionPanel } from "../panels/resolution-panel";
import { ReferenceImagesFields, StartFromChoice } from "../reference-images-fields";
import { SourceImageField } from "../source-image-field";

const FIELDS = ["seedImage", "strength"] as const;
const DEFAULTS = { strength: IMAGE_DEFAULTS.strength };

const RESOLUTION_SIZE = (values: Record<string, unknown>): SizeInstead => ({
  summary: tierWords((values.resolution as ImageResolution | undefined) ?? IMAGE_DEFAULTS.resolution),
  panel: <ResolutionPanel />,
  fields: ["resolution", "width", "height"],
});

/**
 * Image to image: a source image steered by the prompt (strength says how far it may move), or
 * reference images an edit model works from, at a resolution tier.
 */
export function ImageToImageForm() {
  return (
    <ImageWorkflow
      slug="image-to-image"
      fields={FIELDS}
      defaults={DEFAULTS}
      toTask={imageToImageTask}
      blockedBy={imageToImageBlocked}
      sizeInstead={(values) => (startFromOf(values) === "references" ? RESOLUTION_SIZE(values) : null)}
      source={(form) => (
        <>
          <StartFromChoice />
          {startFromOf(form.getValues()) === "references" ? (
            <ReferenceImagesFields />
          ) : (
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
        </>
      )}
    />
  );
}
