"use client";

import { describedBy, FieldShell } from "@/components/forms/field-shell";
import { toNumber } from "@/components/forms/fields";
import { cn } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/field";
import { CANNY_LIMITS } from "@/lib/client/create/controlnet-preprocess";
import type { ServiceError } from "@/lib/protocol/errors";

interface CannyThresholdsProps {
  idBase: string;
  low: number | undefined;
  high: number | undefined;
  onLow(value: number | undefined): void;
  onHigh(value: number | undefined): void;
  /** The last check's or the last request's errors; each threshold shows the one naming it. */
  errors: readonly ServiceError[];
}

function Threshold({
  id,
  label,
  value,
  onChange,
  limits,
  error,
}: {
  id: string;
  label: string;
  value: number | undefined;
  onChange(value: number | undefined): void;
  limits: { min: number; max: number; default: number };
  error: string | undefined;
}) {
  return (
    <FieldShell id={id} label={label} error={error} className="w-28">
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={limits.min}
        max={limits.max}
        step={1}
        placeholder={String(limits.default)}
        value={value ?? ""}
        onChange={(e) => onChange(toNumber(e.target.value))}
        className={cn(inputClasses, "h-9 tabular-nums")}
        {...describedBy(id, undefined, error)}
      />
    </FieldShell>
  );
}

/** Canny's two gradient thresholds: edges above the high one always count, below the low one never. */
export function CannyThresholds({ idBase, low, high, onLow, onHigh, errors }: CannyThresholdsProps) {
  const errorFor = (parameter: string) => errors.find((e) => e.parameter === parameter)?.message;
  return (
    <>
      <Threshold
        id={`${idBase}-low`}
        label="Low threshold"
        value={low}
        onChange={onLow}
        limits={CANNY_LIMITS.low}
        error={errorFor("lowThresholdCanny")}
      />
      <Threshold
        id={`${idBase}-high`}
        label="High threshold"
        value={high}
        onChange={onHigh}
        limits={CANNY_LIMITS.high}
        error={errorFor("highThresholdCanny")}
      />
    </>
  );
}
