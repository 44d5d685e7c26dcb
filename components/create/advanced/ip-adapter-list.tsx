"use client";

import { Plus, Trash2 } from "lucide-react";
import { Controller, useFieldArray, useFormContext } from "react-hook-form";
import { AddedRow, useAddedRows } from "@/components/forms/added-rows";
import { fieldId, SliderField, TextInputField, useFieldError } from "@/components/forms/fields";
import { ImageInput } from "@/components/forms/image-input";
import { Button } from "@/components/ui/button";
import { IMAGE_DEFAULTS, IMAGE_LIMITS } from "@/lib/protocol/image-limits";

const W = IMAGE_LIMITS.ipAdapters.weight;

function GuideImage({ name }: { name: string }) {
  const { control } = useFormContext();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ImageInput
          id={fieldId(name)}
          label="Guide image"
          value={field.value as string | undefined}
          onChange={(image) => field.onChange(image?.id)}
          error={error}
          size="sm"
        />
      )}
    />
  );
}

/** IP-adapters: an image whose look or subject steers the result, through an adapter model. */
export function IpAdapterList() {
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: "ipAdapters" });
  const rows = useAddedRows(fields);
  return (
    <div className="flex flex-col gap-3">
      {fields.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {fields.map((f, i) => (
            <AddedRow key={f.id} added={rows.isAdded(f.id)}>
              <li className="flex gap-3 rounded-card border border-border-strong bg-panel p-3">
                <GuideImage name={`ipAdapters.${i}.guideImage`} />
                <div className="flex min-w-0 flex-1 flex-col gap-3">
                  <div className="flex items-start gap-2">
                    <TextInputField
                      name={`ipAdapters.${i}.model`}
                      label={`Adapter ${i + 1}`}
                      placeholder="AIR id (provider:id@version)"
                      className="min-w-0 flex-1"
                    />
                    <Button
                      variant="ghost"
                      size="sm"
                      className="mt-6"
                      aria-label={`Remove adapter ${i + 1}`}
                      onClick={() => remove(i)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                  <SliderField
                    name={`ipAdapters.${i}.weight`}
                    label="Weight"
                    min={W.min}
                    max={W.max}
                    step={0.05}
                    fallback={IMAGE_DEFAULTS.ipAdapters.weight}
                  />
                </div>
              </li>
            </AddedRow>
          ))}
        </ul>
      ) : null}
      <Button
        size="sm"
        className="self-start"
        data-testid="add-ip-adapter"
        onClick={() => {
          rows.willAdd();
          append({ model: "", weight: IMAGE_DEFAULTS.ipAdapters.weight });
        }}
      >
        <Plus aria-hidden />
        Add IP-adapter
      </Button>
    </div>
  );
}
