"use client";

import { Plus, X } from "lucide-react";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { fieldId } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FieldMessage, inputClasses } from "@/components/ui/field";
import { stringList } from "@/lib/client/create/video-form-values";
import { messageAt } from "./form-errors";

interface UrlListFieldProps {
  /** The list's path, e.g. `inputs.referenceVideos`. */
  name: string;
  label: string;
  /** How the prompt names one entry: `Video` for `Video 1`. */
  noun: string;
  max: number;
  hint: string;
  placeholder: string;
}

/**
 * A list of media references typed as URLs (or the service's UUIDs): the studio stores images
 * only, so videos and audios are given by address. Entry `i` sits at `${name}.${i}`, where the
 * contract's parser reports a bad one.
 */
export function UrlListField({ name, label, noun, max, hint, placeholder }: UrlListFieldProps) {
  const { control, setValue } = useFormContext();
  const { errors, isSubmitted } = useFormState({ control });
  const list = stringList(useWatch({ control, name }));
  const set = (next: string[]) => setValue(name, next, { shouldDirty: true, shouldValidate: isSubmitted });
  const listError = messageAt(errors, name);
  const base = fieldId(name);

  return (
    <fieldset className="flex flex-col gap-2" data-testid={`${base}-list`}>
      <legend className="mb-1.5 flex w-full items-baseline justify-between font-medium text-[13px] text-foreground">
        {label}
        <span className="font-normal text-[12px] text-muted-subtle tabular-nums">
          {list.length} / {max}
        </span>
      </legend>
      {list.map((value, i) => {
        const id = `${base}-${i}`;
        const error = messageAt(errors, `${name}.${i}`);
        return (
          // Entries have no identity but their place, which is also how the prompt names them.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <div key={i} className="flex flex-col gap-1">
            <div className="flex items-center gap-1.5">
              <label htmlFor={id} className="w-16 shrink-0 text-[12px] text-muted tabular-nums">
                {`${noun} ${i + 1}`}
              </label>
              <input
                id={id}
                type="url"
                inputMode="url"
                value={value}
                placeholder={placeholder}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => set(list.map((v, j) => (j === i ? e.target.value : v)))}
                className={cn(inputClasses, "h-9")}
              />
              <Button
                size="sm"
                variant="ghost"
                className="h-9"
                aria-label={`Remove ${noun.toLowerCase()} ${i + 1}`}
                onClick={() => set(list.filter((_, j) => j !== i))}
              >
                <X aria-hidden />
              </Button>
            </div>
            <FieldMessage id={id} error={error} />
          </div>
        );
      })}
      <Button
        size="sm"
        variant="secondary"
        className="self-start"
        disabled={list.length >= max}
        onClick={() => set([...list, ""])}
      >
        <Plus aria-hidden />
        {`Add ${noun.toLowerCase()}`}
      </Button>
      <FieldMessage error={listError} hint={hint} />
    </fieldset>
  );
}
