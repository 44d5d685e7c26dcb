"use client";

import { Controller, get, useFormContext, useFormState } from "react-hook-form";
import { fieldId } from "@/components/forms/fields";
import { ImageInput } from "@/components/forms/image-input";
import { FieldMessage } from "@/components/ui/field";

interface ImageListFieldProps {
  /** A list of image inputs in the task, e.g. `puLID.inputImages`. */
  name: string;
  label: string;
  max: number;
  hint?: string;
}

function messageAt(errors: unknown, path: string): string | undefined {
  const e = get(errors, path) as { message?: unknown } | undefined;
  return typeof e?.message === "string" ? e.message : undefined;
}

/**
 * A list of studio images (each a tile to upload, drop or paste into), as many as `max` allows;
 * one free tile follows the filled ones. An emptied list is removed from the task.
 */
export function ImageListField({ name, label, max, hint }: ImageListFieldProps) {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const listError = messageAt(errors, name);
  const note = [hint, max > 1 ? `Up to ${max} images.` : null].filter(Boolean).join(" ");
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const list = (Array.isArray(field.value) ? field.value : []).filter(
          (v): v is string => typeof v === "string" && v !== "",
        );
        // One free tile while there is room; never fewer tiles than images, so none is sent unseen.
        const slots = Math.max(Math.min(list.length + 1, max), list.length);
        const set = (index: number, id: string | null) => {
          const next = [...list];
          if (id) next[index] = id;
          else next.splice(index, 1);
          field.onChange(next.length > 0 ? next : undefined);
        };
        return (
          <div className="flex flex-col gap-1.5">
            <div className="flex flex-wrap gap-3">
              {Array.from({ length: slots }, (_, i) => (
                <ImageInput
                  // Tiles are positional: removing one shifts the rest, as the list does.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the index is the item's identity here.
                  key={i}
                  id={fieldId(`${name}.${i}`)}
                  label={max > 1 ? `${label} ${i + 1}` : label}
                  value={list[i]}
                  onChange={(image) => set(i, image?.id ?? null)}
                  error={messageAt(errors, `${name}.${i}`)}
                  size="sm"
                />
              ))}
            </div>
            <FieldMessage error={listError} hint={note} />
          </div>
        );
      }}
    />
  );
}
