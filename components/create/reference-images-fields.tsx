"use client";

import { CircleAlert } from "lucide-react";
import { useEffect } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Segmented } from "@/components/ui/segmented";
import {
  START_FROM,
  START_FROM_FIELD,
  START_FROM_LABELS,
  type StartFrom,
  startFromOf,
  tierFor,
} from "@/lib/client/create/reference-images";
import { useModelByAir } from "@/lib/client/create/tools";
import { EDIT_MODELS, editModelOf } from "@/lib/protocol/image-edit-models";
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { ImageListField } from "./advanced/image-list-field";

/** What image to image starts from: one source image, or reference images for an edit model. */
export function StartFromChoice() {
  const { control, setValue, getValues } = useFormContext();
  useWatch({ control, name: [START_FROM_FIELD, "referenceImages", "seedImage", "acePlusPlus"] });
  const value = startFromOf(getValues());
  // Said outright once known, so the other panels (ACE++) know the references are the edit's.
  useEffect(() => {
    if (getValues(START_FROM_FIELD) !== value) setValue(START_FROM_FIELD, value);
  }, [value, getValues, setValue]);
  return (
    <div className="flex flex-col gap-1.5">
      <span className="font-medium text-[13px] text-foreground">Start from</span>
      <Segmented<StartFrom>
        label="Start from"
        value={value}
        options={START_FROM.map((v) => ({ value: v, label: START_FROM_LABELS[v] }))}
        onChange={(next) => setValue(START_FROM_FIELD, next, { shouldDirty: true })}
        className="self-start"
      />
    </div>
  );
}

/** One or two reference images, and the edit models that read them. */
export function ReferenceImagesFields() {
  const { control, setValue, getValues } = useFormContext();
  const model = useWatch({ control, name: "model" }) as string | undefined;
  const edit = editModelOf(model);
  const listed = useModelByAir(model, "checkpoint");
  const choose = (air: string) => {
    setValue("model", air, { shouldDirty: true, shouldValidate: true });
    const next = editModelOf(air);
    const tier = getValues("resolution");
    if (next && tier !== undefined && tier !== tierFor(next, tier))
      setValue("resolution", tierFor(next, tier), { shouldDirty: true });
  };
  return (
    <div className="flex flex-col gap-4">
      <ImageListField
        name="referenceImages"
        label="Reference image"
        max={IMAGE_LIMITS.referenceImages.max}
        hint="The first is the picture to edit and sets the result's shape; a second adds what to bring in."
      />
      <div className="flex flex-col gap-2 rounded-card border border-border-strong bg-surface-sunken p-3 text-[12px]">
        {edit ? (
          <p className="text-muted">
            {edit.name} reads up to {edit.maxReferences} reference images and makes{" "}
            {edit.resolutions.join(", ")}.
          </p>
        ) : (
          <p role="status" className="flex items-start gap-2 text-warning-fg">
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            {listed?.name ?? model ?? "This model"} takes no reference images. Choose an edit model:
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {EDIT_MODELS.map((m) => (
            <Button
              key={m.air}
              size="sm"
              variant={m.air === model ? "primary" : "secondary"}
              aria-pressed={m.air === model}
              className="h-7"
              onClick={() => choose(m.air)}
            >
              {m.air === model ? m.name : `Use ${m.name}`}
            </Button>
          ))}
        </div>
      </div>
    </div>
  );
}
