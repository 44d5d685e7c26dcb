"use client";

import { useEffect, useState } from "react";
import { type FieldValues, FormProvider, type UseFormReturn, useForm } from "react-hook-form";
import { SamplingPanel } from "@/components/create/panels/sampling-panel";
import { SeedField } from "@/components/create/panels/seed-field";
import { SliderField } from "@/components/forms/fields";
import { ModelField } from "@/components/forms/model-field";
import { Section } from "@/components/ui/section";
import type { CanvasSettings } from "@/lib/client/canvas/canvas-persist";
import { useCanvasStore } from "@/lib/client/canvas/canvas-store";
import { accepts, FORM_KEYS, type FormKey, formValuesOf, refusal } from "@/lib/client/canvas/settings-fields";
import { useCreateStore } from "@/lib/client/create/drafts";
import { modelDefaults } from "@/lib/client/create/model-defaults";
import type { ModelInfo } from "@/lib/client/create/tools";
import { useTaskViews } from "@/lib/client/create/use-task-views";
import { IMAGE_DEFAULTS, IMAGE_LIMITS } from "@/lib/protocol/image-limits";
import { plural } from "@/lib/studio/words";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The canvas's settings as a form, so the Create forms' own panels (model picker, seed, sampling)
 * edit them: the canvas store holds the settings; the form follows it (a recall, Reset, Restore,
 * a setup) and writes back each value the contract accepts, marking the others where they were
 * typed, so the kept canvas never holds a value it could not read back.
 */
export function useCanvasSettingsForm(): { form: UseFormReturn<FieldValues>; generation: number } {
  // No defaults: a field set blank reads as blank, never as the value the form first held.
  const form = useForm<FieldValues>({ defaultValues: {} });
  // A field that held a value and is set blank keeps showing its value in react-hook-form's
  // watchers (they fall back to what they first saw); the fields are drawn afresh instead.
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    // Value by value rather than `reset`: a reset leaves a box showing its old number where the
    // new value is blank (the model's own), and blank is what a cleared seed or step count is.
    const follow = (settings: CanvasSettings) => {
      const next = formValuesOf(settings);
      let blanked = false;
      for (const key of FORM_KEYS) {
        const was = form.getValues(key);
        if (same(was, next[key])) continue;
        form.setValue(key, next[key]);
        if (next[key] === undefined && was !== undefined) blanked = true;
      }
      form.clearErrors();
      if (blanked) setGeneration((g) => g + 1);
    };
    follow(useCanvasStore.getState().settings);
    return useCanvasStore.subscribe((s, before) => {
      if (s.settings !== before.settings) follow(s.settings);
    });
  }, [form]);
  useEffect(() => {
    const sub = form.watch((values, { name }) => {
      if (!name) return;
      const key = name as FormKey;
      if (!FORM_KEYS.includes(key)) return;
      // A blank box is the model's own value, as on the forms.
      const raw = values[key];
      const value = raw === "" || (typeof raw === "number" && Number.isNaN(raw)) ? undefined : raw;
      if (!accepts(key, value)) {
        form.setError(key, { type: "bounds", message: refusal(key) });
        return;
      }
      form.clearErrors(key);
      const { settings, setSettings } = useCanvasStore.getState();
      if (!same(settings[key], value)) setSettings({ [key]: value } as Partial<CanvasSettings>);
    });
    return () => sub.unsubscribe();
  }, [form]);
  return { form, generation };
}

/** The seed of the latest result the canvas made, for "reuse". */
function useLastSeed(): string | null {
  const latest = useTaskViews((useCreateStore((s) => s.sent.canvas) ?? []).slice(0, 1))[0];
  return latest?.items[0]?.seed ?? null;
}

/** A chosen model's own steps and CFG scale, where the member has set none, as the Create forms take them. */
function takeModelDefaults(model: ModelInfo): void {
  const { settings, setSettings } = useCanvasStore.getState();
  const fill = Object.entries(modelDefaults(model, settings)).filter(([key, value]) =>
    accepts(key as FormKey, value),
  );
  if (fill.length > 0) setSettings(Object.fromEntries(fill) as Partial<CanvasSettings>);
}

/** The model, the images and their seed, and sampling under Advanced: the Create forms' own panels. */
export function CanvasSettingsPanels({
  form,
  generation,
}: {
  form: UseFormReturn<FieldValues>;
  generation: number;
}) {
  const lastSeed = useLastSeed();
  const steps = form.watch("steps") as number | undefined;
  return (
    <FormProvider {...form}>
      <ModelField name="model" label="Model" category="checkpoint" onModel={takeModelDefaults} />
      <div key={generation} className="flex flex-col gap-4">
        <SliderField
          name="numberResults"
          label="Images"
          min={IMAGE_LIMITS.numberResults.min}
          max={IMAGE_LIMITS.numberResults.max}
          step={1}
          fallback={IMAGE_DEFAULTS.numberResults}
        />
        <SeedField lastSeed={lastSeed} />
      </div>
      <Section title="Advanced" summary={steps ? plural(steps, "step") : "Model defaults"}>
        <SamplingPanel key={generation} />
      </Section>
    </FormProvider>
  );
}
