"use client";

import { ArrowLeftRight } from "lucide-react";
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { describedBy, FieldShell } from "@/components/forms/field-shell";
import { fieldId, toNumber, useFieldError } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/field";
import { SIZE_PRESETS, snapSideWithNote } from "@/lib/client/create/image-presets";
import { IMAGE_LIMITS } from "@/lib/protocol/image-limits";

function SideInput({ axis }: { axis: "width" | "height" }) {
  const { register, setValue, getValues } = useFormContext();
  const error = useFieldError(axis);
  const id = fieldId(axis);
  const limits = IMAGE_LIMITS[axis];
  // What leaving the field changed, said until the field is typed in again.
  const [said, setNote] = useState<{ text: string; value: number } | null>(null);
  const current = useWatch({ name: axis }) as number | undefined;
  // A preset or a swap that sets another size makes the note stale.
  const note = said && said.value === current ? said.text : null;
  const hint = note ? (
    <span role="status" className="text-warning-fg">
      {note}
    </span>
  ) : undefined;
  return (
    <FieldShell
      id={id}
      label={axis === "width" ? "Width" : "Height"}
      error={error}
      hint={hint}
      className="flex-1"
    >
      <input
        id={id}
        type="number"
        min={limits.min}
        max={limits.max}
        step={limits.multipleOf}
        className={cn(inputClasses, "h-9 tabular-nums")}
        {...describedBy(id, note, error)}
        {...register(axis, {
          setValueAs: toNumber,
          onChange: () => setNote(null),
          // Free entry, snapped when the field is left: 1000 becomes 1024, and the field says so.
          onBlur: () => {
            const v = getValues(axis) as number | undefined;
            if (v === undefined) return;
            const snapped = snapSideWithNote(v, axis);
            setNote(snapped.note ? { text: snapped.note, value: snapped.value } : null);
            if (snapped.value !== v)
              setValue(axis, snapped.value, { shouldValidate: true, shouldDirty: true });
          },
        })}
      />
    </FieldShell>
  );
}

/** Width and height: presets of about a megapixel, or any multiple of 64 typed in. */
export function SizePanel({ disabled, note }: { disabled?: boolean; note?: string }) {
  const { control, setValue } = useFormContext();
  const [width, height] = useWatch({ control, name: ["width", "height"] }) as [number, number];
  const set = (w: number, h: number) => {
    setValue("width", w, { shouldDirty: true, shouldValidate: true });
    setValue("height", h, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <fieldset className="flex flex-col gap-3" disabled={disabled}>
      <legend className="sr-only">Size</legend>
      <fieldset className="grid grid-cols-4 gap-1.5">
        <legend className="sr-only">Size presets</legend>
        {SIZE_PRESETS.map((p) => {
          const on = p.width === width && p.height === height;
          const ratio = p.width / p.height;
          return (
            <button
              key={p.label}
              type="button"
              aria-pressed={on}
              title={`${p.width} × ${p.height}`}
              onClick={() => set(p.width, p.height)}
              className={cn(
                "flex h-14 flex-col items-center justify-center gap-1 rounded-control border text-[11px] transition-colors",
                on
                  ? "border-accent bg-accent/10 text-foreground"
                  : "border-border-strong bg-surface-sunken text-muted hover:text-foreground",
                focusRing,
                "disabled:opacity-50",
              )}
            >
              <span
                aria-hidden
                className={cn("block rounded-[2px] border", on ? "border-accent-fg" : "border-muted-subtle")}
                style={{ width: ratio >= 1 ? 20 : 20 * ratio, height: ratio >= 1 ? 20 / ratio : 20 }}
              />
              {p.label}
            </button>
          );
        })}
      </fieldset>
      <div className="flex items-end gap-2">
        <SideInput axis="width" />
        <Button
          size="sm"
          variant="ghost"
          aria-label="Swap width and height"
          title="Swap width and height"
          className="mb-0.5 h-9"
          onClick={() => set(height, width)}
        >
          <ArrowLeftRight aria-hidden />
        </Button>
        <SideInput axis="height" />
      </div>
      <p className="text-[12px] text-muted-subtle">
        {note ??
          `${IMAGE_LIMITS.width.min}–${IMAGE_LIMITS.width.max} px in steps of ${IMAGE_LIMITS.width.multipleOf}; a typed size outside them is changed when you leave the field, and the field says so.`}
      </p>
    </fieldset>
  );
}
