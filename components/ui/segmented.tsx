"use client";

import { ToggleGroup } from "radix-ui";
import { cn, focusRing } from "./cn";

interface SegmentedProps<T extends string> {
  value: T;
  /** `label` is what shows; `ariaLabel` names a terse one ("S") in words for a screen reader. */
  options: readonly { value: T; label: string; ariaLabel?: string; disabled?: boolean; title?: string }[];
  onChange(value: T): void;
  label: string;
  className?: string;
}

/** A one-of-few choice shown as joined buttons (Radix ToggleGroup, arrow keys move between them). */
export function Segmented<T extends string>({
  value,
  options,
  onChange,
  label,
  className,
}: SegmentedProps<T>) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      aria-label={label}
      onValueChange={(v) => v && onChange(v as T)}
      className={cn(
        "inline-flex rounded-control border border-border-strong bg-surface-sunken p-0.5",
        className,
      )}
    >
      {options.map((o) => (
        <ToggleGroup.Item
          key={o.value}
          value={o.value}
          disabled={o.disabled}
          title={o.title}
          aria-label={o.ariaLabel}
          className={cn(
            "h-7 rounded-[6px] px-2.5 font-medium text-[12px] text-muted transition-colors hover:text-foreground",
            "data-[state=on]:bg-panel-hover data-[state=on]:text-foreground disabled:opacity-40",
            focusRing,
          )}
        >
          {o.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
