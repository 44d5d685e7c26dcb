"use client";

import { Switch as RadixSwitch } from "radix-ui";
import { cn, focusRing } from "./cn";

interface SwitchProps {
  id: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
  "aria-describedby"?: string;
}

/** An on/off control (Radix Switch: a button with role="switch"). Label it with a <label htmlFor>. */
export function Switch({ id, checked, onChange, disabled, ...aria }: SwitchProps) {
  return (
    <RadixSwitch.Root
      id={id}
      checked={checked}
      onCheckedChange={onChange}
      disabled={disabled}
      className={cn(
        "relative inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-border-strong bg-panel-hover transition-colors",
        "data-[state=checked]:border-accent-strong data-[state=checked]:bg-accent-strong disabled:opacity-50",
        focusRing,
      )}
      {...aria}
    >
      <RadixSwitch.Thumb className="block size-3.5 translate-x-0.5 rounded-full bg-foreground shadow transition-transform data-[state=checked]:translate-x-[18px]" />
    </RadixSwitch.Root>
  );
}
