"use client";

import { useFormContext, useWatch } from "react-hook-form";
import {
  NumberField,
  SegmentedField,
  SelectField,
  SliderField,
  SwitchField,
  TextInputField,
} from "@/components/forms/fields";
import {
  OUTPUT_QUALITY,
  VIDEO_DEFAULTS,
  VIDEO_LIMITS,
  VIDEO_OUTPUT_FORMATS,
  VIDEO_SAFETY_MODES,
} from "@/lib/protocol";

/** How many videos, in which container and quality. */
export function OutputFields() {
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
      <div data-testid="video-output-format">
        <SegmentedField
          name="outputFormat"
          label="Format"
          options={VIDEO_OUTPUT_FORMATS}
          fallback={VIDEO_DEFAULTS.outputFormat}
        />
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

/**
 * Where results go besides the studio and how long their URLs live. What a task cost is always
 * asked for: budgets and Settings > Spend are summed from it, so it is no one's switch to turn off.
 */
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
      <TextInputField
        name="uploadEndpoint"
        label="Upload endpoint"
        placeholder="https://bucket.example.com/presigned-put-url"
        hint="The service also PUTs each video here; a presigned URL suits cloud storage."
      />
    </>
  );
}
