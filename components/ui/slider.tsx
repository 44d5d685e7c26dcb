"use client";

import { Slider as RadixSlider } from "radix-ui";
import { cn } from "./cn";

interface SliderProps {
  value: number;
  min: number;
  max: number;
  step: number;
  onChange(value: number): void;
  label: string;
  id?: string;
  disabled?: boolean;
  className?: string;
}

/** A single-thumb slider (Radix: keyboard, pointer and screen-reader support). */
export function Slider({ value, min, max, step, onChange, label, id, disabled, className }: SliderProps) {
  const clamped = Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;
  return (
    <RadixSlider.Root
      id={id}
      className={cn("relative flex h-5 w-full touch-none select-none items-center", className)}
      value={[clamped]}
      min={min}
      max={max}
      step={step}
      disabled={disabled}
      onValueChange={([v]) => v !== undefined && onChange(v)}
    >
      <RadixSlider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-panel-hover">
        <RadixSlider.Range className="absolute h-full rounded-full bg-accent" />
      </RadixSlider.Track>
      <RadixSlider.Thumb
        aria-label={label}
        className="block size-4 rounded-full border-2 border-accent bg-foreground shadow transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-accent focus-visible:outline-offset-2"
      />
    </RadixSlider.Root>
  );
}
