"use client";

import { Slider } from "radix-ui";
import { useState } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import {
  brushSizeToSlider,
  clampBrushSize,
  MAX_BRUSH_SIZE,
  MIN_BRUSH_SIZE,
  SLIDER_POSITIONS,
  sizeForSliderMove,
} from "@/lib/client/canvas/mask-brush";

interface BrushSizeControlProps {
  id: string;
  size: number;
  onSize(size: number): void;
}

/** The brush size as a slider (quick) and a number field (exact), both in image pixels. */
export function BrushSizeControl({ id, size, onSize }: BrushSizeControlProps) {
  // While the field is edited it shows what is typed, so it can be emptied and retyped; the size
  // itself only takes whole numbers in range.
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className="flex items-center gap-2 px-1" title="Brush size in pixels ([ and ])">
      <Slider.Root
        className="relative flex h-8 w-16 touch-none select-none items-center"
        min={0}
        max={SLIDER_POSITIONS}
        step={1}
        value={[brushSizeToSlider(size)]}
        onValueChange={([position]) => position !== undefined && onSize(sizeForSliderMove(size, position))}
      >
        <Slider.Track className="relative h-1 grow overflow-hidden rounded-full bg-border-strong">
          <Slider.Range className="absolute h-full bg-accent" />
        </Slider.Track>
        <Slider.Thumb
          aria-label="Brush size"
          aria-valuetext={`${size} pixels`}
          className={cn(
            "block size-3.5 rounded-full border-2 border-accent bg-foreground shadow-panel transition-transform hover:scale-110",
            focusRing,
          )}
        />
      </Slider.Root>
      <label htmlFor={id} className="sr-only">
        Brush size in pixels
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={MIN_BRUSH_SIZE}
        max={MAX_BRUSH_SIZE}
        step={1}
        value={draft ?? String(size)}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          const value = event.currentTarget.valueAsNumber;
          if (Number.isFinite(value)) onSize(clampBrushSize(value));
        }}
        onBlur={() => setDraft(null)}
        onKeyDown={(event) => {
          if (event.key === "Enter") setDraft(null);
        }}
        className={cn(
          "h-8 w-14 rounded-control border border-border-strong bg-surface-sunken px-2 text-right text-[13px] text-foreground tabular-nums",
          "transition-colors hover:border-muted-subtle",
          focusRing,
        )}
      />
    </div>
  );
}
