"use client";

import { ChevronRight, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { get, useFormState, useWatch } from "react-hook-form";
import { SliderField } from "@/components/forms/fields";
import { ModelField } from "@/components/forms/model-field";
import { Button } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { type ControlNetUnitValues, unitSummary } from "@/lib/client/create/controlnet-units";
import { IMAGE_DEFAULTS, IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { ControlModeField } from "./control-mode-field";
import { GuideImageField } from "./guide-image-field";
import { TimingFields } from "./timing-fields";

const W = IMAGE_LIMITS.controlNet.weight;

interface ControlNetUnitProps {
  index: number;
  onRemove(): void;
}

/**
 * One `controlNet[]` item as a card that folds to its summary line. The body is hidden, not
 * unmounted, when folded: a preprocessed guide waiting to be used is the panel's own state.
 */
export function ControlNetUnit({ index, onRemove }: ControlNetUnitProps) {
  const name = `controlNet.${index}`;
  const unit = (useWatch({ name }) ?? {}) as ControlNetUnitValues;
  const { errors } = useFormState({ name });
  const invalid = Boolean(get(errors, name));
  const [open, setOpen] = useState(true);
  // A unit with an error opens itself, as the form's sections do.
  const shown = open || invalid;
  const bodyId = useId();
  const title = `Unit ${index + 1}`;
  return (
    <section
      data-testid="controlnet-unit"
      aria-label={`ControlNet unit ${index + 1}`}
      className={cn("rounded-card border bg-panel", invalid ? "border-danger/60" : "border-border")}
    >
      <div className="flex items-center gap-1 py-1 pr-1 pl-2">
        <button
          type="button"
          aria-expanded={shown}
          aria-controls={bodyId}
          onClick={() => setOpen(!shown)}
          className={cn("flex min-w-0 flex-1 items-center gap-2 rounded-control py-2 text-left", focusRing)}
        >
          <ChevronRight
            aria-hidden
            className={cn("size-4 shrink-0 text-muted transition-transform", shown && "rotate-90")}
          />
          <span className="shrink-0 font-medium text-[13px] text-foreground">{title}</span>
          {invalid ? (
            <>
              <span aria-hidden className="size-1.5 shrink-0 rounded-full bg-danger" />
              <span className="sr-only">has an error</span>
            </>
          ) : null}
          <span className="min-w-0 truncate text-[12px] text-muted-subtle">{unitSummary(unit)}</span>
        </button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Remove ControlNet unit ${index + 1}`}
          title="Remove unit"
          onClick={onRemove}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      <div id={bodyId} hidden={!shown}>
        <div className="flex flex-col gap-4 border-border border-t px-3 py-4">
          <GuideImageField name={name} />
          <ModelField
            name={`${name}.model`}
            label="ControlNet model"
            category="controlnet"
            placeholder="Choose a ControlNet model"
            hint="Pick one made for this kind of guide and for your checkpoint's family."
          />
          <SliderField
            name={`${name}.weight`}
            label="Weight"
            min={W.min}
            max={W.max}
            step={0.05}
            fallback={IMAGE_DEFAULTS.controlNet.weight}
            hint="How strongly the guide holds the composition."
          />
          <TimingFields name={name} />
          <ControlModeField name={`${name}.controlMode`} />
        </div>
      </div>
    </section>
  );
}
