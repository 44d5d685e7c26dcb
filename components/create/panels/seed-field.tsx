"use client";

import { Dices, History } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";
import { describedBy, FieldShell } from "@/components/forms/field-shell";
import { fieldId, toNumber, useFieldError } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/field";
import { randomSeed } from "@/lib/client/create/image-presets";

interface SeedFieldProps {
  lastSeed: string | null;
  /** What a result is called in the hints: "image" or "video". */
  noun?: string;
  /** The service's seed range for this kind of task, and a fresh seed within it. */
  min?: number;
  max?: number;
  random?: () => number;
}

/**
 * The seed: blank draws a new one for every result (the result shows which), a number repeats a
 * result exactly, and "reuse" takes the seed of the latest result on this page.
 */
export function SeedField({ lastSeed, noun = "image", min = 1, max, random = randomSeed }: SeedFieldProps) {
  const { register, setValue, control } = useFormContext();
  const seed = useWatch({ control, name: "seed" }) as number | undefined;
  const error = useFieldError("seed");
  const id = fieldId("seed");
  const set = (v: number | undefined) => setValue("seed", v, { shouldDirty: true, shouldValidate: true });
  return (
    <FieldShell
      id={id}
      label="Seed"
      error={error}
      hint={
        seed === undefined
          ? `Random: each ${noun} gets a new seed.`
          : `Fixed: the same inputs make the same ${noun}.`
      }
    >
      <div className="flex gap-1.5">
        <input
          id={id}
          type="number"
          min={min}
          max={max}
          step={1}
          placeholder="Random"
          className={cn(inputClasses, "h-9 tabular-nums")}
          {...describedBy(id, true, error)}
          {...register("seed", { setValueAs: toNumber })}
        />
        <Button
          size="sm"
          variant="secondary"
          className="h-9"
          title="A new random seed, fixed"
          onClick={() => set(random())}
        >
          <Dices aria-hidden />
          <span className="sr-only">Random seed</span>
        </Button>
        <Button
          size="sm"
          variant="secondary"
          className="h-9"
          disabled={!lastSeed}
          title={lastSeed ? `Reuse ${lastSeed}, the latest result's seed` : "No result yet"}
          onClick={() => lastSeed && set(Number(lastSeed))}
        >
          <History aria-hidden />
          <span className="sr-only">Reuse the latest seed</span>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="h-9"
          disabled={seed === undefined}
          onClick={() => set(undefined)}
        >
          Clear
        </Button>
      </div>
    </FieldShell>
  );
}
