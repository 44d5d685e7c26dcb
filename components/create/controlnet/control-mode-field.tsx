"use client";

import { Controller, useFormContext } from "react-hook-form";
import { fieldId, useFieldError } from "@/components/forms/fields";
import { Segmented } from "@/components/ui/segmented";
import {
  CONTROL_MODE_INFO,
  CONTROL_MODE_OPTIONS,
  type ControlMode,
} from "@/lib/client/create/controlnet-units";

/** Whether the prompt or the guide wins where they disagree, with what the chosen mode does. */
export function ControlModeField({ name }: { name: string }) {
  const { control } = useFormContext();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        // Blank (a recalled task without a mode) leaves the service's own balance.
        const value = (field.value ?? "") as ControlMode | "";
        return (
          <div className="flex flex-col gap-1.5">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span id={`${id}-label`} className="font-medium text-[13px] text-foreground">
                Control mode
              </span>
              <Segmented<ControlMode | "">
                label="Control mode"
                value={value}
                options={CONTROL_MODE_OPTIONS}
                onChange={(v) => field.onChange(v)}
              />
            </div>
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-danger-fg text-xs">
                {error}
              </p>
            ) : (
              <p id={`${id}-hint`} className="text-muted-subtle text-xs">
                {value
                  ? CONTROL_MODE_INFO[value].description
                  : "Not set: the service balances prompt and guide."}
              </p>
            )}
          </div>
        );
      }}
    />
  );
}
