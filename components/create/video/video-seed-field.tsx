"use client";

import { Dices, History } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";
import { describedBy, FieldShell } from "@/components/forms/field-shell";
import { fieldId, toNumber, useFieldError } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/field";
import { randomVideoSeed } from "@/lib/client/create/video-form-values";
import { VIDEO_LIMITS } from "@/lib/protocol";

/**
 * The seed, within the video range (narrower than the image one, so the image field's random
 * draw would not fit): blank lets the service draw one per video.
 */
export function VideoSeedField({ lastSeed }: { lastSeed: string | null }) {
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
          ? "Random: each video gets a new seed."
          : "Fixed: the same inputs make the same video."
      }
    >
      <div className="flex gap-1.5">
        <input
          id={id}
          type="number"
          min={VIDEO_LIMITS.seed.min}
          max={VIDEO_LIMITS.seed.max}
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
          onClick={() => set(randomVideoSeed())}
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
