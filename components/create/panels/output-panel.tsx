"use client";

import { Controller, useFormContext } from "react-hook-form";
import { SliderField, useFieldError } from "@/components/forms/fields";
import { Segmented } from "@/components/ui/segmented";
import { IMAGE_DEFAULTS, IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { IMAGE_OUTPUT_FORMATS, OUTPUT_QUALITY } from "@/lib/protocol/primitives";

/** How many images, in which format and quality. */
export function OutputPanel() {
  const { control } = useFormContext();
  const formatError = useFieldError("outputFormat");
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
      <div className="flex flex-col gap-1.5">
        <span id="output-format-label" className="font-medium text-[13px] text-foreground">
          Format
        </span>
        <Controller
          control={control}
          name="outputFormat"
          render={({ field }) => (
            <Segmented
              label="Output format"
              value={(field.value as string) ?? IMAGE_DEFAULTS.outputFormat}
              onChange={field.onChange}
              options={IMAGE_OUTPUT_FORMATS.map((f) => ({ value: f, label: f }))}
            />
          )}
        />
        {formatError ? (
          <p role="alert" className="text-danger-fg text-xs">
            {formatError}
          </p>
        ) : null}
      </div>
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
