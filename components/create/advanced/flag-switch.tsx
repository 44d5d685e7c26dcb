"use client";

import { Controller, useFormContext } from "react-hook-form";
import { fieldId, SwitchRow, useFieldError } from "@/components/forms/fields";
import { cn, focusRing } from "@/components/ui/cn";

interface FlagSwitchProps {
  name: string;
  label: string;
  hint?: string;
  /** The service's value when the field is not sent. */
  fallback: boolean;
  /**
   * Off: the switch sends `true` or nothing, for flags whose absence is the plain "off".
   * On: it sends either value, shows the default while unset and offers to go back to it, for
   * provider options whose default may be on.
   */
  explicit?: boolean;
  onToggle?: (on: boolean) => void;
  className?: string;
}

/** An on/off option that knows what "not given" means. */
export function FlagSwitch({
  name,
  label,
  hint,
  fallback,
  explicit = false,
  onToggle,
  className,
}: FlagSwitchProps) {
  const { control } = useFormContext();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const given = typeof field.value === "boolean";
        const checked = explicit ? (given ? (field.value as boolean) : fallback) : field.value === true;
        return (
          <SwitchRow
            id={id}
            label={label}
            hint={hint}
            error={error}
            className={className}
            checked={checked}
            onChange={(on) => {
              field.onChange(explicit ? on : on ? true : undefined);
              onToggle?.(on);
            }}
            aside={
              explicit ? (
                given ? (
                  <button
                    type="button"
                    onClick={() => field.onChange(undefined)}
                    className={cn("rounded text-[11px] text-accent-fg hover:underline", focusRing)}
                    aria-label={`Reset ${label} to its default (${fallback ? "on" : "off"})`}
                  >
                    Reset
                  </button>
                ) : (
                  <span className="text-[11px] text-muted-subtle">Default {fallback ? "on" : "off"}</span>
                )
              ) : null
            }
          />
        );
      }}
    />
  );
}
