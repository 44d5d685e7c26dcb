"use client";

import { ArrowDownWideNarrow, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { useClearFields } from "@/components/create/advanced/use-clear-fields";
import { describedBy, FieldShell } from "@/components/forms/field-shell";
import { fieldId, NumberField, SelectField, useFieldError } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { FieldMessage, inputClasses } from "@/components/ui/field";
import { Segmented } from "@/components/ui/segmented";
import {
  expandHex,
  isDescending,
  type PaletteMember,
  type PaletteMode,
  paletteModes,
  sortByWeight,
} from "@/lib/client/create/provider-palette";
import { IDEOGRAM_COLOR_PALETTES, PROVIDER_LIMITS } from "@/lib/protocol/provider-settings";

const W = PROVIDER_LIMITS.ideogram.colorWeight;
/** A new member's colour: mid grey, a neutral start that any swatch pick replaces. */
const NEW_COLOUR = "#808080";

const MODES = [
  { value: "none", label: "None" },
  { value: "name", label: "Named" },
  { value: "members", label: "Custom colours" },
] as const;

function MemberRow({ base, index, onRemove }: { base: string; index: number; onRemove(): void }) {
  const { control, register, setValue } = useFormContext();
  const hexName = `${base}.colorHex`;
  const hex = useWatch({ control, name: hexName }) as string | undefined;
  const error = useFieldError(hexName);
  const id = fieldId(hexName);
  return (
    <li className="flex items-start gap-2">
      <input
        type="color"
        aria-label={`Colour ${index + 1} swatch`}
        value={expandHex(hex) ?? NEW_COLOUR}
        onChange={(e) => setValue(hexName, e.target.value, { shouldDirty: true })}
        className={cn(
          "mt-6 h-9 w-10 shrink-0 cursor-pointer rounded-control border border-border-strong bg-surface-sunken p-1",
          focusRing,
        )}
      />
      <FieldShell id={id} label={`Colour ${index + 1}`} error={error} className="min-w-0 flex-1">
        <input
          id={id}
          placeholder="#rrggbb"
          spellCheck={false}
          className={cn(inputClasses, "h-9 font-mono text-[13px]")}
          {...describedBy(id, null, error)}
          {...register(hexName)}
        />
      </FieldShell>
      <NumberField
        name={`${base}.colorWeight`}
        label="Weight"
        min={W.min}
        max={W.max}
        step={0.05}
        placeholder="—"
        className="w-24"
      />
      <Button
        variant="ghost"
        size="sm"
        className="mt-6"
        aria-label={`Remove colour ${index + 1}`}
        onClick={onRemove}
      >
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}

function Members({ name }: { name: string }) {
  const { control } = useFormContext();
  const { fields, append, remove, replace } = useFieldArray({ control, name });
  const members = (useWatch({ control, name }) as PaletteMember[] | undefined) ?? [];
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-2">
        {fields.map((f, i) => (
          <MemberRow key={f.id} base={`${name}.${i}`} index={i} onRemove={() => remove(i)} />
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={() => append({ colorHex: NEW_COLOUR })}>
          <Plus aria-hidden />
          Add colour
        </Button>
        {!isDescending(members) ? (
          <Button size="sm" variant="ghost" onClick={() => replace(sortByWeight(members))}>
            <ArrowDownWideNarrow aria-hidden />
            Sort by weight
          </Button>
        ) : null}
      </div>
      <p className="text-muted-subtle text-xs">
        Weights {W.min}–{W.max}, heaviest first.
      </p>
    </div>
  );
}

/** P5's colour palette: a named palette or a list of colours with weights, never both. */
export function ColorPaletteField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const { control } = useFormContext();
  const palette = useWatch({ control, name });
  const error = useFieldError(name);
  const [chosen, setChosen] = useState<PaletteMode>("none");
  const clear = useClearFields();
  const shown = paletteModes(palette, chosen);
  const current = shown.length === 1 ? (shown[0] ?? chosen) : chosen;
  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-[13px] text-foreground">{label}</span>
        <Segmented
          label={label}
          value={current}
          options={MODES}
          onChange={(mode) => {
            clear(name);
            setChosen(mode);
          }}
        />
      </div>
      {shown.includes("name") ? (
        <SelectField
          name={`${name}.name`}
          label="Palette"
          options={IDEOGRAM_COLOR_PALETTES}
          emptyLabel="Choose a palette"
        />
      ) : null}
      {shown.includes("members") ? <Members name={`${name}.members`} /> : null}
      <FieldMessage error={error} hint={hint} />
    </div>
  );
}
