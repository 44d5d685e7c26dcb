"use client";

import { useEffect } from "react";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { OutpaintCanvas } from "@/components/canvas/outpaint-canvas";
import { SliderField, useFieldError } from "@/components/forms/fields";
import { FieldMessage } from "@/components/ui/field";
import { frameSize, type OutpaintExtents } from "@/lib/client/canvas/outpaint";
import { outpaintProblems } from "@/lib/client/canvas/outpaint-seed";
import type { ImageRef } from "@/lib/client/create/tools";
import { IMAGE_DEFAULTS, IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { ImageWorkflow } from "../image-workflow";
import { OpenInCanvas } from "../open-in-canvas";
import { SeedStage } from "../seed-stage";
import { SourceImageField } from "../source-image-field";

const FIELDS = ["seedImage", "outpaint"] as const;
const DEFAULTS = {
  outpaint: { top: 0, right: 128, bottom: 0, left: 128, blur: IMAGE_DEFAULTS.outpaint.blur },
};

function extentsOf(value: unknown): OutpaintExtents {
  const o = (value ?? {}) as Partial<OutpaintExtents>;
  return { top: o.top ?? 0, right: o.right ?? 0, bottom: o.bottom ?? 0, left: o.left ?? 0 };
}

/** The new frame: the seed image on a canvas whose sides drag outwards in steps of 64. */
function OutpaintField({ seed }: { seed: ImageRef }) {
  const { setValue } = useFormContext();
  const outpaint = useWatch({ name: "outpaint" });
  const blur = (useWatch({ name: "outpaint.blur" }) as number | undefined) ?? IMAGE_DEFAULTS.outpaint.blur;
  const error = useFieldError("outpaint");
  const extents = extentsOf(outpaint);
  const frame = frameSize(seed, extents);

  // Width and height follow the frame: the contract requires seed + extensions exactly.
  useEffect(() => {
    setValue("width", frame.width, { shouldDirty: true });
    setValue("height", frame.height, { shouldDirty: true });
  }, [frame.width, frame.height, setValue]);
  // Kept beside the task's fields (never sent) so Generate can say what keeps it from working;
  // set again when a recall or reset replaced the form's values under the same image.
  const known = useWatch({ name: "seedSize" }) as { width: number; height: number } | undefined;
  useEffect(() => {
    if (known?.width !== seed.width || known?.height !== seed.height)
      setValue("seedSize", { width: seed.width, height: seed.height });
  }, [known, seed.width, seed.height, setValue]);

  return (
    <>
      <Controller
        name="outpaint"
        render={({ field }) => (
          <OutpaintCanvas
            imageUrl={seed.url}
            imageWidth={seed.width}
            imageHeight={seed.height}
            value={extents}
            blur={blur}
            onChange={(next) => field.onChange({ ...(field.value as object), ...next })}
          />
        )}
      />
      <FieldMessage error={error} />
      <SliderField
        name="outpaint.blur"
        label="Seam blur"
        min={IMAGE_LIMITS.outpaint.blur.min}
        max={IMAGE_LIMITS.outpaint.blur.max}
        step={1}
        fallback={IMAGE_DEFAULTS.outpaint.blur}
        hint="Softens the join between the image and what is painted around it."
      />
    </>
  );
}

/** The frame editor, large beside the form. */
function OutpaintStage() {
  return (
    <SeedStage>
      {(seed) => (
        <section aria-label="New frame" className="flex flex-col gap-3">
          <div className="flex justify-end">
            <OpenInCanvas imageId={seed.id} />
          </div>
          <OutpaintField seed={seed} />
        </section>
      )}
    </SeedStage>
  );
}

/** Outpainting: extend an image beyond its borders; width and height follow the new frame. */
export function OutpaintingForm() {
  return (
    <ImageWorkflow
      slug="outpainting"
      fields={FIELDS}
      defaults={DEFAULTS}
      sizeFollows="The size follows the new frame: the image plus what each side adds."
      blockedBy={(v) => {
        if (!v.seedImage) return "Add the image to extend.";
        const seed = v.seedSize as { width: number; height: number } | undefined;
        if (!seed) return "Loading the image…";
        return outpaintProblems(seed, extentsOf(v.outpaint))[0]?.message ?? null;
      }}
      source={() => <SourceImageField label="Image" onImage={() => undefined} />}
      stage={<OutpaintStage />}
    />
  );
}
