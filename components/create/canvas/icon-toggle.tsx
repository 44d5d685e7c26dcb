"use client";

import type { ReactNode } from "react";
import { cn, focusRing } from "@/components/ui/cn";

/** A small icon button on a layer (show, lock, move, delete); its label says what it does. */
export function IconToggle({
  on,
  label,
  onPress,
  children,
}: {
  on: boolean;
  label: string;
  onPress(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={label}
      title={label}
      onClick={(e) => {
        e.stopPropagation();
        onPress();
      }}
      className={cn(
        "grid size-7 place-items-center rounded-[6px] text-muted hover:bg-panel-hover hover:text-foreground [&_svg]:size-3.5",
        focusRing,
      )}
    >
      {children}
    </button>
  );
}
