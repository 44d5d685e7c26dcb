"use client";

import { CircleAlert, CircleCheck, Info } from "lucide-react";
import type { ReactNode } from "react";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { SliderField } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";
import { Segmented } from "@/components/ui/segmented";
import { Switch } from "@/components/ui/switch";
import { aceReadiness } from "@/lib/client/create/advanced-fields";
import { humanizeEnum } from "@/lib/client/create/provider-fields";
import { START_FROM_FIELD } from "@/lib/client/create/reference-images";
import { useModelByAir } from "@/lib/client/create/tools";
import { editModelOf } from "@/lib/protocol/image-edit-models";
import {
  ACE_PLUS_PLUS_MODEL,
  ACE_PLUS_PLUS_TYPES,
  IMAGE_DEFAULTS,
  IMAGE_LIMITS,
} from "@/lib/protocol/image-limits";
import { ImageListField } from "./image-list-field";
import { useClearFields } from "./use-clear-fields";

const A = IMAGE_LIMITS.acePlusPlus;
/** The type that edits a masked region: the only one that takes an input image and mask. */
const LOCAL_EDITING: (typeof ACE_PLUS_PLUS_TYPES)[number] = "local_editing";

/** One requirement: met, still to do, or (while ACE++ is off) only a note. */
function Check({ state, children }: { state: "ok" | "todo" | "note"; children: ReactNode }) {
  const Icon = state === "ok" ? CircleCheck : state === "todo" ? CircleAlert : Info;
  const tone =
    state === "ok" ? "text-success-fg" : state === "todo" ? "text-warning-fg" : "text-muted-subtle";
  return (
    <li className="flex items-start gap-2">
      <Icon aria-hidden className={`mt-0.5 size-4 shrink-0 ${tone}`} />
      <div className="flex min-w-0 flex-wrap items-center gap-2">{children}</div>
    </li>
  );
}

/**
 * ACE++: portrait, subject or local edits guided by one reference image. It runs only on the fill
 * model and reads that image from the task's root `referenceImages`, so this section checks both
 * and offers to set them.
 */
export function AcePlusPlusFields() {
  const { control, setValue } = useFormContext();
  const [ace, model, refs, startFrom] = useWatch({
    control,
    name: ["acePlusPlus", "model", "referenceImages", START_FROM_FIELD],
  }) as [Record<string, unknown> | undefined, unknown, unknown, unknown];
  const clear = useClearFields();
  const on = Boolean(ace && Object.values(ace).some((v) => v !== undefined));
  const ready = aceReadiness(model, refs);
  const maxRefs = IMAGE_LIMITS.referenceImages.maxAcePlusPlus;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor="ace-on" className="font-medium text-[13px] text-foreground">
          Use ACE++
        </label>
        <Switch
          id="ace-on"
          checked={on}
          onChange={(next) => {
            if (next)
              setValue("acePlusPlus", { type: IMAGE_DEFAULTS.acePlusPlus.type }, { shouldDirty: true });
            else clear("acePlusPlus");
          }}
        />
      </div>
      <ul className="flex flex-col gap-2 rounded-card border border-border-strong bg-surface-sunken p-3 text-[12px] text-muted">
        <Check state={!on ? "note" : ready.modelOk ? "ok" : "todo"}>
          Runs only on the fill model, <FillModelName />
          {on && !ready.modelOk ? (
            <Button
              size="sm"
              className="h-7"
              onClick={() => setValue("model", ACE_PLUS_PLUS_MODEL, { shouldDirty: true })}
            >
              Use the fill model
            </Button>
          ) : null}
        </Check>
        <Check state={!on ? "note" : ready.referencesOk ? "ok" : "todo"}>
          Needs {maxRefs} reference image, added below
          {ready.references > maxRefs ? ` — ${ready.references} are set` : ""}
        </Check>
      </ul>
      {/* References an edit model reads are the edit's, shown where it is set up. */}
      {on || (ready.references > 0 && startFrom !== "references" && !editModelOf(model)) ? (
        <ImageListField
          name="referenceImages"
          label="Reference image"
          max={maxRefs}
          hint="The face, subject or scene ACE++ works from."
        />
      ) : null}
      {on ? (
        <>
          <Controller
            control={control}
            name="acePlusPlus.type"
            render={({ field }) => (
              <div className="flex flex-col gap-1.5">
                <span className="font-medium text-[13px] text-foreground">Type</span>
                <Segmented
                  label="ACE++ type"
                  value={(field.value as string | undefined) ?? IMAGE_DEFAULTS.acePlusPlus.type}
                  options={ACE_PLUS_PLUS_TYPES.map((t) => ({ value: t, label: humanizeEnum(t) }))}
                  onChange={(type) => {
                    field.onChange(type);
                    if (type !== LOCAL_EDITING) clear("acePlusPlus.inputImages", "acePlusPlus.inputMasks");
                  }}
                />
              </div>
            )}
          />
          <SliderField
            name="acePlusPlus.repaintingScale"
            label="Repainting scale"
            min={A.repaintingScale.min}
            max={A.repaintingScale.max}
            step={0.05}
            fallback={IMAGE_DEFAULTS.acePlusPlus.repaintingScale}
            hint="0 keeps the reference's identity; 1 follows the prompt."
          />
          {ace?.type === LOCAL_EDITING || ace?.inputImages !== undefined || ace?.inputMasks !== undefined ? (
            <div className="flex flex-wrap gap-4">
              <ImageListField name="acePlusPlus.inputImages" label="Image to edit" max={A.inputImages.max} />
              <ImageListField
                name="acePlusPlus.inputMasks"
                label="Mask"
                max={A.inputMasks.max}
                hint="White marks the region to edit."
              />
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** The fill model by its catalogue name, its AIR id beside it (or alone, when unlisted). */
function FillModelName() {
  const model = useModelByAir(ACE_PLUS_PLUS_MODEL, "checkpoint");
  return (
    <span>
      {model ? <span className="text-foreground">{model.name} </span> : null}
      <span className="font-mono text-[11px] text-muted-subtle">{ACE_PLUS_PLUS_MODEL}</span>
    </span>
  );
}
