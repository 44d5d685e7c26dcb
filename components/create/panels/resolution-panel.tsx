"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { fieldId, useFieldError } from "@/components/forms/fields";
import { cn, focusRing } from "@/components/ui/cn";
import { FieldMessage } from "@/components/ui/field";
import { tierFor, tierOptions, tierWords } from "@/lib/client/create/reference-images";
import { useImageRef } from "@/lib/client/create/tools";
import { editModelOf, type ImageResolution, sizeForResolution } from "@/lib/protocol/image-edit-models";
import { IMAGE_DEFAULTS } from "@/lib/protocol/image-limits";

/**
 * The size of an edit: a tier of about 1, 4 or 16 megapixels, shaped like the first reference
 * image. Only the tiers the chosen model makes can be picked.
 */
export function ResolutionPanel() {
  const { control, setValue } = useFormContext();
  const [model, chosen, refs] = useWatch({ control, name: ["model", "resolution", "referenceImages"] }) as [
    unknown,
    ImageResolution | undefined,
    unknown,
  ];
  const edit = editModelOf(model);
  const tier = chosen ?? IMAGE_DEFAULTS.resolution;
  const first = Array.isArray(refs) && typeof refs[0] === "string" ? refs[0] : undefined;
  const reference = useImageRef(first).data;
  const error = useFieldError("resolution");
  const id = fieldId("resolution");
  const output = reference ? sizeForResolution(tier, reference) : null;
  const note = !edit
    ? "Choose an edit model to pick a resolution."
    : output
      ? `The result will be ${output.width} × ${output.height}, the shape of the first reference image.`
      : "The result takes the shape of the first reference image.";
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-hint`}>
      <legend className="mb-1.5 font-medium text-[13px] text-foreground">Resolution</legend>
      <div className="grid grid-cols-3 gap-1.5">
        {tierOptions(edit).map((o) => {
          const on = o.value === tier && o.enabled;
          return (
            <button
              key={o.value}
              type="button"
              aria-pressed={on}
              aria-label={tierWords(o.value)}
              disabled={!o.enabled}
              title={
                o.enabled ? tierWords(o.value) : `${edit?.name ?? "This model"} does not make ${o.value}`
              }
              onClick={() => setValue("resolution", o.value, { shouldDirty: true, shouldValidate: true })}
              className={cn(
                "flex h-14 flex-col items-center justify-center gap-0.5 rounded-control border transition-colors",
                on
                  ? "border-accent bg-accent/10 text-foreground"
                  : "border-border-strong bg-surface-sunken text-muted hover:text-foreground",
                "disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:text-muted",
                focusRing,
              )}
            >
              <span className="font-medium text-[13px]">{o.label}</span>
              <span className="text-[11px]">{o.detail}</span>
            </button>
          );
        })}
      </div>
      {edit && edit.resolutions.length < tierOptions(edit).length ? (
        <p className="text-[12px] text-muted-subtle">
          {edit.name} makes {edit.resolutions.join(" and ")}.
          {chosen && !edit.resolutions.includes(chosen) ? (
            <button
              type="button"
              className={cn("ml-2 text-accent-fg underline", focusRing)}
              onClick={() => setValue("resolution", tierFor(edit, chosen), { shouldDirty: true })}
            >
              Use {tierFor(edit, chosen)}
            </button>
          ) : null}
        </p>
      ) : null}
      <FieldMessage id={id} error={error} hint={note} />
    </fieldset>
  );
}
