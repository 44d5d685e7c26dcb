"use client";

import { useEffect, useState } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { FieldShell } from "@/components/forms/field-shell";
import { fieldId, useFieldError } from "@/components/forms/fields";
import { ModelPicker } from "@/components/forms/model-picker";
import { type ModelInfo, useModelByAir } from "@/lib/client/create/tools";
import type { ModelCategory } from "@/lib/protocol/utility-tasks";

interface ModelFieldProps {
  name: string;
  label: string;
  category: ModelCategory;
  hint?: string;
  placeholder?: string;
  /** The checkpoint's architecture, for an add-on: the picker offers its family's models first. */
  forArchitecture?: string | undefined;
  /** Called when a catalogued model is chosen, e.g. to take its default size and steps. */
  onModel?: (model: ModelInfo) => void;
}

/** A form field holding an AIR id, chosen with the model picker. */
export function ModelField({
  name,
  label,
  category,
  hint,
  placeholder,
  forArchitecture,
  onModel,
}: ModelFieldProps) {
  const { control, getValues } = useFormContext();
  const error = useFieldError(name);
  const id = fieldId(name);
  // An AIR id typed in full can be chosen before the search has answered: the model is then
  // looked up by its id, and once the catalogue answers it is taken as if picked from the list.
  const [awaiting, setAwaiting] = useState<string>();
  const looked = useModelByAir(awaiting, category);
  useEffect(() => {
    if (!awaiting || !looked) return;
    setAwaiting(undefined);
    if (getValues(name) === awaiting) onModel?.(looked);
  }, [awaiting, looked, getValues, name, onModel]);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <ModelPicker
            id={id}
            category={category}
            forArchitecture={forArchitecture}
            value={field.value as string | undefined}
            placeholder={placeholder}
            invalid={Boolean(error)}
            describedBy={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
            onChange={(air, model) => {
              field.onChange(air);
              if (model) onModel?.(model);
              setAwaiting(model || !onModel ? undefined : air);
            }}
          />
        )}
      />
    </FieldShell>
  );
}
