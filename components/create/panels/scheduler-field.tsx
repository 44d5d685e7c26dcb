"use client";

import { useState } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { describedBy, FieldShell } from "@/components/forms/field-shell";
import { fieldId, useFieldError } from "@/components/forms/fields";
import { cn } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { isListedScheduler, SCHEDULERS } from "@/lib/client/create/schedulers";

/** The select's value for "a name of my own"; never sent (the text box holds the name). */
const OTHER = "\u0000other";

/**
 * The scheduler, picked by name from the service's list; "Another scheduler…" opens a box for a
 * name the list lacks (the contract takes any). Blank is the model's own scheduler.
 */
export function SchedulerField() {
  const { control } = useFormContext();
  const error = useFieldError("scheduler");
  const id = fieldId("scheduler");
  const [other, setOther] = useState(false);
  return (
    <FieldShell id={id} label="Scheduler" error={error}>
      <Controller
        control={control}
        name="scheduler"
        render={({ field }) => {
          const value = typeof field.value === "string" ? field.value : "";
          const typed = other || !isListedScheduler(value);
          return (
            <>
              <Select
                id={id}
                className="w-full"
                value={typed ? OTHER : value}
                onBlur={field.onBlur}
                onChange={(e) => {
                  const next = e.target.value;
                  setOther(next === OTHER);
                  if (next === OTHER) field.onChange(isListedScheduler(value) ? "" : value);
                  else field.onChange(next === "" ? undefined : next);
                }}
                {...describedBy(id, null, error)}
              >
                <option value="">Model default</option>
                {SCHEDULERS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
                <option value={OTHER}>Another scheduler…</option>
              </Select>
              {typed ? (
                <input
                  aria-label="Scheduler name"
                  value={value}
                  placeholder="Its name, as the service spells it"
                  onChange={(e) => field.onChange(e.target.value)}
                  className={cn(inputClasses, "h-9")}
                />
              ) : null}
            </>
          );
        }}
      />
    </FieldShell>
  );
}
