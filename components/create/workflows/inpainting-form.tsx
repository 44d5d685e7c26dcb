"use client";

import { Controller, useWatch } from "react-hook-form";
import { MaskPainter } from "@/components/canvas/mask-painter";
import { SliderField, useFieldError } from "@/components/forms/fields";
import { FieldMessage } from "@/components/ui/field";
import { Switch } from "@/components/ui/switch";
import type { ImageRef } from "@/lib/client/create/tools";
import { IMAGE_DEFAULTS, IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { ImageWorkflow } from "../image-workflow";
import { OpenInCanvas } from "../open-in-canvas";
import { SeedStage } from "../seed-stage";
import { SourceImageField } from "../source-image-field";

const FIELDS = ["seedImage", "maskImage", "maskMargin", "strength"] as const;
const DEFAULTS = { strength: 1 };

/** The mask painter, large beside the form: painting wants room. */
function MaskStage({ seed }: { seed: ImageRef }) {
  const error = useFieldError("maskImage");
  return (
    <section aria-labelledby="mask-heading" className="flex shrink-0 flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="mask-heading" className="font-semibold text-[15px] text-foreground">
          Mask
        </h2>
        <div className="flex items-center gap-3">
          <p className="text-[12px] text-muted-subtle">
            Paint over what should change; the rest stays as it is.
          </p>
          <OpenInCanvas imageId={seed.id} />
        </div>
      </div>
      <Controller
        name="maskImage"
        render={({ field }) => (
          <MaskPainter
            imageUrl={seed.url}
            width={seed.width}
            height={seed.height}
            initialMask={field.value as string | undefined}
            onChange={(mask) => field.onChange(mask ?? undefined)}
          />
        )}
      />
      <FieldMessage error={error} />
    </section>
  );
}

function MaskMarginField() {
  const margin = useWatch({ name: "maskMargin" }) as number | undefined;
  const { min, max } = IMAGE_LIMITS.maskMargin;
  return (
    <div className="flex flex-col gap-3">
      <Controller
        name="maskMargin"
        render={({ field }) => (
          <div className="flex items-center justify-between gap-3">
            <label htmlFor="mask-margin-on" className="font-medium text-[13px] text-foreground">
              Work at the mask's detail
            </label>
            <Switch
              id="mask-margin-on"
              checked={margin !== undefined}
              onChange={(on) => field.onChange(on ? min + (max - min) / 2 : undefined)}
            />
          </div>
        )}
      />
      {margin !== undefined ? (
        <SliderField
          name="maskMargin"
          label="Mask margin"
          min={min}
          max={max}
          step={1}
          fallback={min}
          hint="Pixels of context around the masked area; the area is rendered at full resolution and blended back."
        />
      ) : (
        <p className="text-[12px] text-muted-subtle">Off: the whole image is rendered at once.</p>
      )}
    </div>
  );
}

/** Inpainting: paint a mask over the source image and regenerate only that region. */
export function InpaintingForm() {
  return (
    <ImageWorkflow
      slug="inpainting"
      fields={FIELDS}
      defaults={DEFAULTS}
      blockedBy={(v) =>
        !v.seedImage
          ? "Add the image to inpaint."
          : !v.maskImage
            ? "Paint the area to regenerate on the image."
            : null
      }
      stage={<SeedStage>{(seed) => <MaskStage seed={seed} />}</SeedStage>}
      source={() => (
        <>
          <SourceImageField label="Image" />
          <MaskMarginField />
          <SliderField
            name="strength"
            label="Strength"
            min={IMAGE_LIMITS.strength.min}
            max={IMAGE_LIMITS.strength.max}
            step={0.01}
            fallback={IMAGE_DEFAULTS.strength}
            hint="1 repaints the masked area from scratch; lower keeps some of what was there."
          />
        </>
      )}
    />
  );
}
