"use client";

import { Controller, useFormContext, useWatch } from "react-hook-form";
import { NumberField, SliderField } from "@/components/forms/fields";
import { Segmented } from "@/components/ui/segmented";
import { CACHE_FIELDS, type CacheField } from "@/lib/client/create/advanced-fields";
import { humanizeEnum } from "@/lib/client/create/provider-fields";
import { ACCELERATION_PRESETS, IMAGE_DEFAULTS, IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { FlagSwitch } from "./flag-switch";
import { StepOrPercent } from "./step-or-percent";
import { useClearFields } from "./use-clear-fields";

const AO = IMAGE_LIMITS.acceleratorOptions;
const BASE = "acceleratorOptions";

type Bound = { min: number; max?: number; default?: number };

function OptionInput({
  name,
  label,
  integer,
  hint,
}: {
  name: keyof typeof AO;
  label: string;
  integer: boolean;
  hint?: string;
}) {
  const bound: Bound = AO[name];
  const path = `${BASE}.${name}`;
  if (!integer && bound.max !== undefined) {
    return (
      <SliderField
        name={path}
        label={label}
        min={bound.min}
        max={bound.max}
        step={0.05}
        fallback={bound.default ?? bound.min}
        hint={hint}
      />
    );
  }
  return (
    <NumberField
      name={path}
      label={label}
      min={bound.min}
      max={bound.max}
      step={integer ? 1 : "any"}
      placeholder={bound.default !== undefined ? String(bound.default) : undefined}
      hint={hint}
    />
  );
}

function Cache({ cache, values }: { cache: CacheField; values: Record<string, unknown> | undefined }) {
  const clear = useClearFields();
  // Options stay visible while they hold a value, so nothing set is sent unseen.
  const open = values?.[cache.name] === true || cache.options.some((o) => values?.[o.name] !== undefined);
  return (
    <div className="flex flex-col gap-3 rounded-card border border-border-strong bg-panel p-3">
      <FlagSwitch
        name={`${BASE}.${cache.name}`}
        label={cache.label}
        hint={cache.hint}
        fallback={IMAGE_DEFAULTS.acceleratorOptions[cache.name]}
        onToggle={(on) => {
          if (!on) clear(...cache.options.map((o) => `${BASE}.${o.name}`));
        }}
      />
      {open ? (
        <div className="grid grid-cols-2 gap-3">
          {cache.options.map((o) => (
            <OptionInput
              key={o.name}
              name={o.name as keyof typeof AO}
              label={o.label}
              integer={o.integer}
              hint={o.hint}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Speed: a preset that sets steps, scheduler and caching, and the caching options one by one;
 * explicit options override what the preset chose.
 */
export function AccelerationFields() {
  const { control } = useFormContext();
  const options = useWatch({ control, name: BASE }) as Record<string, unknown> | undefined;
  return (
    <div className="flex flex-col gap-4">
      <Controller
        control={control}
        name="acceleration"
        render={({ field }) => (
          <div className="flex flex-col gap-1.5">
            <span className="font-medium text-[13px] text-foreground">Preset</span>
            <Segmented
              label="Acceleration preset"
              value={(field.value as string | undefined) ?? IMAGE_DEFAULTS.acceleration}
              options={ACCELERATION_PRESETS.map((p) => ({ value: p, label: humanizeEnum(p) }))}
              onChange={field.onChange}
            />
            <p className="text-muted-subtle text-xs">
              A preset adjusts steps, scheduler and caching; what you set below overrides it.
            </p>
          </div>
        )}
      />
      {CACHE_FIELDS.map((cache) => (
        <Cache key={cache.name} cache={cache} values={options} />
      ))}
      <StepOrPercent
        label="Caching starts at"
        stepName={`${BASE}.cacheStartStep`}
        percentName={`${BASE}.cacheStartStepPercentage`}
        step={AO.cacheStartStep}
        percent={AO.cacheStartStepPercentage}
      />
      <StepOrPercent
        label="Caching ends at"
        stepName={`${BASE}.cacheEndStep`}
        percentName={`${BASE}.cacheEndStepPercentage`}
        step={AO.cacheEndStep}
        percent={AO.cacheEndStepPercentage}
      />
      <NumberField
        name={`${BASE}.cacheMaxConsecutiveSteps`}
        label="Max consecutive cached steps"
        min={AO.cacheMaxConsecutiveSteps.min}
        max={AO.cacheMaxConsecutiveSteps.max}
        step={1}
        placeholder={String(AO.cacheMaxConsecutiveSteps.default)}
        hint="Caching works poorly with stochastic schedulers (names with SDE or Ancestral)."
      />
    </div>
  );
}
