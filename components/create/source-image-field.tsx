"use client";

import { Controller, useFormContext } from "react-hook-form";
import { fieldId, useFieldError } from "@/components/forms/fields";
import { sizeForAspect } from "@/lib/client/create/image-presets";
import type { ImageRef } from "@/lib/client/create/tools";
import { ImageInput } from "../forms/image-input";

interface SourceImageFieldProps {
  label?: string;
  hint?: string;
  /** What to do with the chosen image's size: match it (image to image) or nothing. */
  onImage?: (image: ImageRef) => void;
}

/** The starting image of an editing workflow (`seedImage`); by default the output takes its shape. */
export function SourceImageField({ label = "Source image", hint, onImage }: SourceImageFieldProps) {
  const { control, setValue } = useFormContext();
  const error = useFieldError("seedImage");
  return (
    <Controller
      control={control}
      name="seedImage"
      render={({ field }) => (
        <ImageInput
          id={fieldId("seedImage")}
          label={label}
          hint={hint}
          error={error}
          value={field.value as string | undefined}
          onChange={(image) => {
            field.onChange(image?.id);
            if (!image) return;
            if (onImage) onImage(image);
            else {
              const size = sizeForAspect(image.width, image.height);
              setValue("width", size.width, { shouldDirty: true });
              setValue("height", size.height, { shouldDirty: true });
            }
          }}
        />
      )}
    />
  );
}
