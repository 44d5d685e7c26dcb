"use client";

import { Controller, useFormContext } from "react-hook-form";
import { toNumber, useFieldError } from "@/components/forms/fields";
import { cn } from "@/components/ui/cn";
import { FieldMessage, inputClasses } from "@/components/ui/field";
import { Slider } from "@/components/ui/slider";
import { Switch } from "@/components/ui/switch";
import { DURATION_START_SECONDS } from "@/lib/client/create/video-form-values";
import { VIDEO_DEFAULTS, VIDEO_LIMITS } from "@/lib/protocol";

/** The length in seconds, or `auto` (the service's default): the model picks what suits the prompt. */
export function DurationField() {
  const { control } = useFormContext();
  const error = useFieldError("duration");
  const { min, max } = VIDEO_LIMITS.duration;
  return (
    <Controller
      control={control}
      name="duration"
      render={({ field }) => {
        const value = field.value ?? VIDEO_DEFAULTS.duration;
        const auto = value === "auto";
        const seconds = typeof value === "number" ? value : DURATION_START_SECONDS;
        return (
          <div className="flex flex-col gap-2" data-testid="video-duration">
            <div className="flex items-center justify-between gap-3">
              <label htmlFor="f-duration-auto" className="font-medium text-[13px] text-foreground">
                Automatic length
              </label>
              <Switch
                id="f-duration-auto"
                checked={auto}
                onChange={(on) => field.onChange(on ? "auto" : DURATION_START_SECONDS)}
              />
            </div>
            {auto ? (
              <p className="text-[12px] text-muted-subtle">
                The model picks the length that suits the prompt.
              </p>
            ) : (
              <div className="flex items-center gap-3">
                <Slider
                  label="Duration in seconds"
                  value={seconds}
                  min={min}
                  max={max}
                  step={1}
                  onChange={field.onChange}
                />
                <input
                  id="f-duration"
                  type="number"
                  aria-label="Duration in seconds"
                  min={min}
                  max={max}
                  step={1}
                  value={typeof value === "number" && Number.isFinite(value) ? value : ""}
                  // Blank while typing stays a number (NaN), so the field does not flip back to Auto.
                  onChange={(e) => field.onChange(toNumber(e.target.value) ?? Number.NaN)}
                  onBlur={() => {
                    if (!Number.isFinite(value)) field.onChange(DURATION_START_SECONDS);
                    field.onBlur();
                  }}
                  aria-invalid={error ? true : undefined}
                  className={cn(inputClasses, "h-8 w-20 px-2 text-right tabular-nums")}
                />
                <span className="text-[12px] text-muted-subtle">s</span>
              </div>
            )}
            <FieldMessage error={error} />
          </div>
        );
      }}
    />
  );
}
