"use client";

import type { ReactNode } from "react";
import { Controller, type FieldValues, get, useFormContext } from "react-hook-form";
import { cn } from "@/components/ui/cn";
import { FieldMessage, inputClasses } from "@/components/ui/field";
import { Segmented } from "@/components/ui/segmented";
import { Select } from "@/components/ui/select";
import { Slider } from "@/components/ui/slider";
import { Switch } from "@/components/ui/switch";
import { useQuietSince } from "./added-rows";
import { describedBy, FieldShell } from "./field-shell";

/** A field's id from its path: `lora.0.weight` → `f-lora-0-weight`. */
export function fieldId(name: string): string {
  return `f-${name.replace(/[^a-zA-Z0-9]+/g, "-")}`;
}

/**
 * The error message react-hook-form holds for a path, if any; inside a row the person has just
 * added, only once the field is touched or the form is sent again (see added-rows.tsx).
 */
export function useFieldError(name: string): string | undefined {
  const {
    formState: { errors },
    getFieldState,
  } = useFormContext();
  const quietSince = useQuietSince();
  const e = get(errors, name) as { message?: unknown } | undefined;
  if (typeof e?.message !== "string") return undefined;
  if (quietSince !== null) {
    const { isTouched, isDirty } = getFieldState(name);
    if (!isTouched && !isDirty) return undefined;
  }
  return e.message;
}

interface BaseProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
}

/** A number input; blank means "not given" (the service's default applies). */
export function NumberField({
  name,
  label,
  hint,
  className,
  min,
  max,
  step,
  placeholder,
}: BaseProps & { min?: number; max?: number; step?: number | "any"; placeholder?: string }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        placeholder={placeholder}
        className={cn(inputClasses, "h-9 tabular-nums")}
        {...describedBy(id, hint, error)}
        {...register(name, { setValueAs: toNumber })}
      />
    </FieldShell>
  );
}

export function toNumber(value: unknown): number | undefined {
  if (value === "" || value === null || value === undefined) return undefined;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isNaN(n) ? undefined : n;
}

/** A slider with its number beside it, for bounded values such as CFG or a LoRA weight. */
export function SliderField({
  name,
  label,
  hint,
  className,
  min,
  max,
  step,
  fallback,
}: BaseProps & { min: number; max: number; step: number; fallback: number }) {
  const { control } = useFormContext();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const value = typeof field.value === "number" && !Number.isNaN(field.value) ? field.value : fallback;
        return (
          <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
            <div className="flex items-center gap-3">
              <Slider
                label={typeof label === "string" ? label : name}
                value={value}
                min={min}
                max={max}
                step={step}
                onChange={(v) => field.onChange(v)}
              />
              <input
                id={id}
                type="number"
                min={min}
                max={max}
                step={step}
                value={Number.isFinite(field.value) ? field.value : ""}
                placeholder={String(fallback)}
                onChange={(e) => field.onChange(toNumber(e.target.value))}
                onBlur={field.onBlur}
                className={cn(inputClasses, "h-8 w-20 px-2 text-right tabular-nums")}
                {...describedBy(id, hint, error)}
              />
            </div>
          </FieldShell>
        );
      }}
    />
  );
}

/** A native select over fixed options; `emptyLabel` adds a "not given" first option. */
export function SelectField({
  name,
  label,
  hint,
  className,
  options,
  emptyLabel,
}: BaseProps & { options: readonly (string | { value: string; label: string })[]; emptyLabel?: string }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      <Select
        id={id}
        className="w-full"
        {...describedBy(id, hint, error)}
        {...register(name, { setValueAs: (v: unknown) => (v === "" ? undefined : v) })}
      >
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {options.map((o) => {
          const { value, label: text } = typeof o === "string" ? { value: o, label: o } : o;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </Select>
    </FieldShell>
  );
}

/** The row of an on/off control: its label at the left, the switch (and `aside`) at the right. */
export function SwitchRow({
  id,
  label,
  hint,
  error,
  checked,
  onChange,
  aside,
  className,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  checked: boolean;
  onChange(on: boolean): void;
  aside?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="font-medium text-[13px] text-foreground">
          {label}
        </label>
        <div className="flex items-center gap-2">
          {aside}
          <Switch id={id} checked={checked} onChange={onChange} {...describedBy(id, hint, error)} />
        </div>
      </div>
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

/** An on/off setting that sends `true` or `false`. */
export function SwitchField({ name, label, hint, className }: BaseProps) {
  const { control } = useFormContext<FieldValues>();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SwitchRow
          id={fieldId(name)}
          label={label}
          hint={hint}
          error={error}
          className={className}
          checked={field.value === true}
          onChange={(v) => field.onChange(v)}
        />
      )}
    />
  );
}

/** A single-line text input. */
export function TextInputField({
  name,
  label,
  hint,
  className,
  placeholder,
}: BaseProps & { placeholder?: string }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      <input
        id={id}
        placeholder={placeholder}
        className={cn(inputClasses, "h-9")}
        {...describedBy(id, hint, error)}
        {...register(name)}
      />
    </FieldShell>
  );
}

/** A one-of-few choice as joined buttons, for short enums such as an output format. */
export function SegmentedField({
  name,
  label,
  hint,
  className,
  options,
  fallback,
}: BaseProps & { label: string; options: readonly string[]; fallback: string }) {
  const { control } = useFormContext();
  const error = useFieldError(name);
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <span className="font-medium text-[13px] text-foreground">{label}</span>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Segmented
            label={label}
            value={(field.value as string | undefined) ?? fallback}
            onChange={field.onChange}
            options={options.map((o) => ({ value: o, label: o }))}
            className="self-start"
          />
        )}
      />
      <FieldMessage error={error} hint={hint} />
    </div>
  );
}
