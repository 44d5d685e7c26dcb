"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Gauge } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/field";
import { useEndpoint, useEndpointMutation } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import {
  STUDIO_LIMIT_LABELS,
  type StudioLimitName,
  type StudioLimits,
  studioLimitsSchema,
} from "@/lib/studio/limits/limits";
import { SettingsSection } from "./settings-section";

const FIELDS = Object.keys(STUDIO_LIMIT_LABELS) as StudioLimitName[];

/** The owner's caps on generation: how much one request may ask, and each member's share. */
export function LimitsPanel() {
  const limits = useEndpoint(api.limits.get, {});
  const save = useEndpointMutation(api.limits.update, { input: (body: StudioLimits) => ({ body }) });
  const form = useForm<StudioLimits>({ resolver: zodResolver(studioLimitsSchema) });
  const { reset } = form;
  // A figure the owner changed before the limits arrived (or while they were read again) stays.
  useEffect(() => {
    if (limits.data) reset(limits.data, { keepDirtyValues: true, keepDirty: true });
  }, [limits.data, reset]);
  const { errors, isDirty } = form.formState;

  return (
    <SettingsSection
      icon={Gauge}
      labelId="limits-heading"
      title="Limits"
      description="How much one request may ask for, and each member's fair share of the service: tasks beyond a member's share wait their turn in the studio, in order."
    >
      <form
        aria-labelledby="limits-heading"
        className="flex flex-col gap-4 px-5 py-4"
        onSubmit={form.handleSubmit((values) => save.mutate(values, { onSuccess: (saved) => reset(saved) }))}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map((name) => (
            <TextField
              key={name}
              id={`limit-${name}`}
              label={STUDIO_LIMIT_LABELS[name].label}
              hint={STUDIO_LIMIT_LABELS[name].hint}
              error={errors[name]?.message}
              type="number"
              inputMode="numeric"
              disabled={limits.isPending}
              {...form.register(name, { valueAsNumber: true })}
            />
          ))}
        </div>
        {limits.error ? <FormError>{limits.error.message}</FormError> : null}
        {save.error ? <FormError>{save.error.message}</FormError> : null}
        <div className="flex items-center gap-3">
          <Button type="submit" variant="secondary" disabled={save.isPending || !isDirty}>
            Save limits
          </Button>
          {save.isSuccess && !isDirty ? (
            <p role="status" className="text-muted-subtle text-xs">
              Saved. New requests follow these limits.
            </p>
          ) : null}
        </div>
      </form>
    </SettingsSection>
  );
}
