"use client";

import { Expand, type LucideIcon, RectangleHorizontal, RotateCcw, Square } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/field";
import {
  OUTPAINT_SIDE_MIN,
  OUTPAINT_SIDES,
  OUTPAINT_STEP,
  type OutpaintExtents,
  type OutpaintSide,
  SIDE_NAMES,
  type Size,
  setSideWithNote,
  sideMax,
} from "@/lib/client/canvas/outpaint";
import { type OutpaintPresetId, outpaintPresets } from "@/lib/client/canvas/outpaint-presets";

const PRESET_ICONS: Record<OutpaintPresetId, LucideIcon> = {
  extendAll: Expand,
  square: Square,
  landscape16x9: RectangleHorizontal,
  reset: RotateCcw,
};

interface ControlsProps {
  seed: Size;
  value: OutpaintExtents;
  onChange(value: OutpaintExtents): void;
}

/** Exact values for the four sides, and the quick presets. */
export function OutpaintControls({ seed, value, onChange }: ControlsProps) {
  const presets = outpaintPresets(seed, value);
  return (
    <div className="@container flex flex-col gap-4">
      <fieldset className="grid grid-cols-2 gap-3 @md:grid-cols-4">
        <legend className="mb-2 text-muted text-xs">
          Pixels added to each side, in steps of {OUTPAINT_STEP}
        </legend>
        {OUTPAINT_SIDES.map((side) => (
          <SideInput key={side} side={side} seed={seed} value={value} onChange={onChange} />
        ))}
      </fieldset>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Presets</legend>
        {presets.map(({ id, label, result }) => {
          const Icon = PRESET_ICONS[id];
          const reason = result.ok ? undefined : result.reason;
          // A disabled button gets no pointer events, so the wrapper carries the tooltip.
          return (
            <span key={id} title={reason} className="inline-flex">
              <Button
                size="sm"
                variant={id === "reset" ? "ghost" : "secondary"}
                disabled={!result.ok}
                title={reason}
                data-testid={`outpaint-preset-${id}`}
                onClick={() => {
                  if (result.ok) onChange(result.value);
                }}
              >
                <Icon aria-hidden />
                {label}
              </Button>
            </span>
          );
        })}
      </fieldset>
    </div>
  );
}

interface SideInputProps extends ControlsProps {
  side: OutpaintSide;
}

/**
 * A number field for one side. Text that is already a valid value applies at once (so the spin
 * buttons work live); anything else is held as typed and snapped on blur or Enter, so typing
 * "1", "12", "128" is not rounded to 0 on the way. What snapping changed, the field says.
 */
function SideInput({ side, seed, value, onChange }: SideInputProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  // What the last snap changed, said until the field is typed in again.
  const [said, setSaid] = useState<{ text: string; value: number } | null>(null);
  const max = sideMax(seed, value, side);
  // A drag, a preset or a recall that sets another value makes the note stale.
  const note = said && said.value === value[side] ? said.text : null;

  const commit = (text: string) => {
    setDraft(null);
    const n = Number(text);
    if (text.trim() === "" || !Number.isFinite(n)) return;
    const next = setSideWithNote(seed, value, side, n);
    setSaid(next.note ? { text: next.note, value: next.value[side] } : null);
    if (next.value !== value) onChange(next.value);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-[13px] text-foreground">
        {SIDE_NAMES[side]}
      </label>
      <div className="relative">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          step={OUTPAINT_STEP}
          min={OUTPAINT_SIDE_MIN}
          max={max}
          value={draft ?? String(value[side])}
          aria-describedby={`${id}-hint`}
          data-testid={`outpaint-input-${side}`}
          className={cn(inputClasses, "pr-9 tabular-nums")}
          onChange={(event) => {
            setSaid(null);
            const text = event.target.value;
            const n = Number(text);
            const valid =
              text.trim() !== "" && Number.isInteger(n) && n % OUTPAINT_STEP === 0 && n >= 0 && n <= max;
            if (valid) {
              setDraft(null);
              if (n !== value[side]) onChange({ ...value, [side]: n });
            } else {
              setDraft(text);
            }
          }}
          onBlur={(event) => {
            if (draft !== null) commit(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter" && draft !== null) {
              event.preventDefault();
              commit(event.currentTarget.value);
            }
          }}
        />
        <span
          aria-hidden
          className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-muted-subtle text-xs"
        >
          px
        </span>
      </div>
      {note ? (
        <p id={`${id}-hint`} role="status" className="text-warning-fg text-xs">
          {note}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-muted-subtle text-xs">
          Up to {max}
        </p>
      )}
    </div>
  );
}
