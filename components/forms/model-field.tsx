"use client";

import { Controller, useFormContext } from "react-hook-form";
import { FieldShell } from "@/components/forms/field-shell";
import { fieldId, useFieldError } from "@/components/forms/fields";
import { ModelPicker } from "@/components/forms/model-picker";
import type { ModelInfo } from "@/lib/client/create/tools";
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
  const { control } = useFormContext();
  const error = useFieldError(name);
  const id = fieldId(name);
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
            }}
          />
        )}
      />
    </FieldShell>
  );
}
