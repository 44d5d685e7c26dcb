"use client";

import { SegmentedField, SliderField } from "@/components/forms/fields";
import { IMAGE_DEFAULTS, IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { IMAGE_OUTPUT_FORMATS, OUTPUT_QUALITY } from "@/lib/protocol/primitives";

/** How many images, in which format and quality. */
export function OutputPanel() {
  return (
    <div className="flex flex-col gap-4">
      <SliderField
        name="numberResults"
        label="Images"
        min={IMAGE_LIMITS.numberResults.min}
        max={IMAGE_LIMITS.numberResults.max}
        step={1}
        fallback={IMAGE_DEFAULTS.numberResults}
      />
      <SegmentedField
        name="outputFormat"
        label="Format"
        options={IMAGE_OUTPUT_FORMATS}
        fallback={IMAGE_DEFAULTS.outputFormat}
      />
      <SliderField
        name="outputQuality"
        label="Quality"
        min={OUTPUT_QUALITY.min}
        max={OUTPUT_QUALITY.max}
        step={1}
        fallback={OUTPUT_QUALITY.default}
        hint="For JPG and WEBP; PNG is lossless."
      />
    </div>
  );
}
