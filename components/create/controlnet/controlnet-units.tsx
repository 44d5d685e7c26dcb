"use client";

import { Plus } from "lucide-react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { AddedRow, useAddedRows } from "@/components/forms/added-rows";
import { useFieldError } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";
import { FieldMessage } from "@/components/ui/field";
import { newControlNetUnit } from "@/lib/client/create/controlnet-units";
import { ControlNetUnit } from "./controlnet-unit";

/** The task's `controlNet` list: units that each steer the picture with one guide image. */
export function ControlNetUnits() {
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: "controlNet" });
  const error = useFieldError("controlNet");
  const rows = useAddedRows(fields);
  return (
    <div className="flex flex-col gap-3">
      <div>
        <h2 className="font-medium text-[13px] text-foreground">ControlNet units</h2>
        <p className="text-muted-subtle text-xs leading-relaxed">
          Each unit holds the composition to one guide image; units combine, such as a pose with a depth map.
        </p>
      </div>
      {fields.map((field, index) => (
        <AddedRow key={field.id} added={rows.isAdded(field.id)}>
          <ControlNetUnit index={index} onRemove={() => remove(index)} />
        </AddedRow>
      ))}
      {fields.length === 0 ? (
        <p className="rounded-card border border-border border-dashed px-3 py-4 text-center text-[12px] text-muted">
          No unit yet: add one to guide the picture.
        </p>
      ) : null}
      <FieldMessage error={error} />
      <Button
        size="sm"
        className="self-start"
        data-testid="add-controlnet-unit"
        onClick={() => {
          rows.willAdd();
          append(newControlNetUnit(), { shouldFocus: false });
        }}
      >
        <Plus aria-hidden />
        Add unit
      </Button>
    </div>
  );
}
