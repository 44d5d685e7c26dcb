"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { FlagSwitch } from "@/components/create/advanced/flag-switch";
import { ImageListField } from "@/components/create/advanced/image-list-field";
import { useClearFields } from "@/components/create/advanced/use-clear-fields";
import { NumberField, SelectField, TextInputField } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";
import {
  defaultOptionLabel,
  type ProviderField,
  type ProviderForm as ProviderFormInfo,
  providersWithValues,
  selectOptions,
} from "@/lib/client/create/provider-fields";
import { ColorPaletteField } from "./color-palette-field";

function Field({ base, field }: { base: string; field: ProviderField }) {
  const name = `${base}.${field.name}`;
  switch (field.kind) {
    case "switch":
      return (
        <FlagSwitch name={name} label={field.label} hint={field.hint} fallback={field.fallback} explicit />
      );
    case "select":
      return (
        <SelectField
          name={name}
          label={field.label}
          hint={field.hint}
          options={selectOptions(field)}
          emptyLabel={defaultOptionLabel(field)}
        />
      );
    case "integer":
      return (
        <NumberField
          name={name}
          label={field.label}
          hint={field.hint ?? `${field.min}–${field.max}`}
          min={field.min}
          max={field.max}
          step={1}
          placeholder={
            field.fallback !== undefined ? `Default ${field.fallback}` : `${field.min}–${field.max}`
          }
        />
      );
    case "text":
      return (
        <TextInputField name={name} label={field.label} hint={field.hint} placeholder={field.placeholder} />
      );
    case "images":
      return (
        <div className="sm:col-span-2">
          <ImageListField name={name} label={field.label} max={field.max} hint={field.hint} />
        </div>
      );
    case "colorPalette":
      return <ColorPaletteField name={name} label={field.label} hint={field.hint} />;
  }
}

/** One provider's settings: every field the contract lists for it, blank meaning its default. */
export function ProviderForm({ provider }: { provider: ProviderFormInfo }) {
  const { control } = useFormContext();
  const base = `providerSettings.${provider.key}`;
  const settings = useWatch({ control, name: "providerSettings" });
  const clear = useClearFields();
  const isSet = providersWithValues(settings).includes(provider.key);
  // Switches read best in a column of their own; the other fields pair up.
  const switches = provider.fields.filter((f) => f.kind === "switch");
  const others = provider.fields.filter((f) => f.kind !== "switch");
  return (
    <div className="flex flex-col gap-4 pt-3">
      <div className="flex items-start justify-between gap-3">
        <p className="text-[12px] text-muted">{provider.about}</p>
        {isSet ? (
          <Button size="sm" variant="ghost" onClick={() => clear(base)}>
            Clear {provider.label}
          </Button>
        ) : null}
      </div>
      {others.length > 0 ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {others.map((f) => (
            <Field key={f.name} base={base} field={f} />
          ))}
        </div>
      ) : null}
      {switches.length > 0 ? (
        <div className="flex flex-col gap-3">
          {switches.map((f) => (
            <Field key={f.name} base={base} field={f} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
