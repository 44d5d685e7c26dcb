"use client";

import { Plus } from "lucide-react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { useFieldError } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";
import { newControlNetUnit } from "@/lib/client/create/controlnet-units";
import { ControlNetUnit } from "./controlnet-unit";

/** The task's `controlNet` list: units that each steer the picture with one guide image. */
export function ControlNetUnits() {
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: "controlNet" });
  const error = useFieldError("controlNet");
  return (
    <div className="flex flex-col gap-3">
      <div>
        <h2 className="font-medium text-[13px] text-foreground">ControlNet units</h2>
        <p className="text-muted-subtle text-xs leading-relaxed">
          Each unit holds the composition to one guide image; units combine, such as a pose with a depth map.
        </p>
      </div>
      {fields.map((field, index) => (
        <ControlNetUnit key={field.id} index={index} onRemove={() => remove(index)} />
      ))}
      {fields.length === 0 ? (
        <p className="rounded-card border border-border border-dashed px-3 py-4 text-center text-[12px] text-muted">
          No unit yet: add one to guide the picture.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-danger-fg text-xs">
          {error}
        </p>
      ) : null}
      <Button
        size="sm"
        className="self-start"
        data-testid="add-controlnet-unit"
        onClick={() => append(newControlNetUnit(), { shouldFocus: false })}
      >
        <Plus aria-hidden />
        Add unit
      </Button>
    </div>
  );
}
