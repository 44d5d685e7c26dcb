"use client";

import { Controller, useFormContext, useWatch } from "react-hook-form";
import {
  NumberField,
  SelectField,
  SliderField,
  SwitchField,
  TextInputField,
  useFieldError,
} from "@/components/forms/fields";
import { Segmented } from "@/components/ui/segmented";
import {
  OUTPUT_QUALITY,
  VIDEO_DEFAULTS,
  VIDEO_LIMITS,
  VIDEO_OUTPUT_FORMATS,
  VIDEO_SAFETY_MODES,
} from "@/lib/protocol";

/** How many videos, in which container and quality. */
export function OutputFields() {
  const { control } = useFormContext();
  const formatError = useFieldError("outputFormat");
  return (
    <>
      <SliderField
        name="numberResults"
        label="Videos"
        min={VIDEO_LIMITS.numberResults.min}
        max={VIDEO_LIMITS.numberResults.max}
        step={1}
        fallback={VIDEO_DEFAULTS.numberResults}
        hint="Each video uses a different seed."
      />
      <div className="flex flex-col gap-1.5" data-testid="video-output-format">
        <span className="font-medium text-[13px] text-foreground">Format</span>
        <Controller
          control={control}
          name="outputFormat"
          render={({ field }) => (
            <Segmented
              label="Output format"
              value={(field.value as string | undefined) ?? VIDEO_DEFAULTS.outputFormat}
              onChange={field.onChange}
              options={VIDEO_OUTPUT_FORMATS.map((f) => ({ value: f, label: f }))}
              className="self-start"
            />
          )}
        />
        {formatError ? (
          <p role="alert" className="text-danger-fg text-xs">
            {formatError}
          </p>
        ) : null}
      </div>
      <SliderField
        name="outputQuality"
        label="Quality"
        min={VIDEO_LIMITS.outputQuality.min}
        max={VIDEO_LIMITS.outputQuality.max}
        step={1}
        fallback={OUTPUT_QUALITY.default}
      />
    </>
  );
}

/** The service's own switches for a video: native audio and prompt rewriting. */
export function GenerationSwitches() {
  return (
    <>
      <SwitchField
        name="settings.audio"
        label="Generate audio"
        hint="Native sound, aligned with the picture."
      />
      <SwitchField
        name="settings.promptExtend"
        label="Prompt extension"
        hint="A language model rewrites the prompt first: richer results, less reproducible."
      />
    </>
  );
}

const SAFETY_MODE_LABELS: Record<(typeof VIDEO_SAFETY_MODES)[number], string> = {
  fast: "Fast: key frames",
  full: "Full: every frame",
};

/** Content checking; how thoroughly only matters once it is on. */
export function SafetyFields() {
  const { control } = useFormContext();
  const checking = useWatch({ control, name: "safety.checkContent" }) === true;
  return (
    <>
      <SwitchField
        name="safety.checkContent"
        label="Check content"
        hint="Results are checked for unsafe content; generation takes longer."
      />
      {checking ? (
        <SelectField
          name="safety.mode"
          label="Checking"
          options={VIDEO_SAFETY_MODES.map((m) => ({ value: m, label: SAFETY_MODE_LABELS[m] }))}
        />
      ) : null}
    </>
  );
}

/** Where results go besides the studio, how long their URLs live, and whether cost is reported. */
export function DeliveryFields() {
  return (
    <>
      <NumberField
        name="ttl"
        label="URL lifetime (seconds)"
        min={VIDEO_LIMITS.ttl.min}
        step={1}
        placeholder="Service default"
        hint={`At least ${VIDEO_LIMITS.ttl.min}. The studio keeps its own copy of every result either way.`}
      />
      <SwitchField name="includeCost" label="Report cost" hint="The result carries what the task cost." />
      <TextInputField
        name="uploadEndpoint"
        label="Upload endpoint"
        placeholder="https://bucket.example.com/presigned-put-url"
        hint="The service also PUTs each video here; a presigned URL suits cloud storage."
      />
    </>
  );
}
