"use client";

import { CircleAlert } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { ADVANCED_FEATURE_FIELDS, transparencyConflict } from "@/lib/client/create/advanced-fields";
import { IMAGE_DEFAULTS, TRANSPARENT_OUTPUT_FORMATS } from "@/lib/protocol/image-limits";
import { FlagSwitch } from "./flag-switch";

const TRANSPARENT = TRANSPARENT_OUTPUT_FORMATS[0];

/** layerDiffuse, hiresfix and whatever else `advancedFeatures` offers, as switches. */
export function AdvancedFeatureFields() {
  const { control, setValue } = useFormContext();
  const [layerDiffuse, outputFormat] = useWatch({
    control,
    name: ["advancedFeatures.layerDiffuse", "outputFormat"],
  });
  const conflict = transparencyConflict(layerDiffuse, outputFormat);
  return (
    <div className="flex flex-col gap-4">
      {ADVANCED_FEATURE_FIELDS.map((f) => (
        <FlagSwitch
          key={f.name}
          name={`advancedFeatures.${f.name}`}
          label={f.label}
          hint={f.hint}
          fallback={IMAGE_DEFAULTS.advancedFeatures[f.name]}
        />
      ))}
      {conflict ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded-card border border-warning/40 bg-warning/10 px-3 py-2 text-[12px] text-warning-fg"
        >
          <CircleAlert aria-hidden className="size-4 shrink-0" />
          <span className="min-w-0 flex-1">
            A transparent background needs {TRANSPARENT_OUTPUT_FORMATS.join(" or ")}: {conflict} has no alpha
            channel.
          </span>
          <Button
            size="sm"
            className="h-7"
            onClick={() => setValue("outputFormat", TRANSPARENT, { shouldDirty: true, shouldValidate: true })}
          >
            Switch to {TRANSPARENT}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The content check: results then say whether they hold NSFW content. */
export function SafetyFields() {
  return (
    <FlagSwitch
      name="safety.checkContent"
      label="Check content"
      hint="Results carry an NSFW flag; the check runs in fast mode."
      fallback={IMAGE_DEFAULTS.safety.checkContent}
    />
  );
}
