"use client";

import { Layers } from "lucide-react";
import { Switch } from "@/components/ui/switch";

/**
 * "Stack seeds": fold results that differ only by seed into one card. On narrower screens the
 * words give way to an icon (still the switch's name), so the gallery's bar keeps to one line.
 */
export function StackSeedsToggle({ on, onChange }: { on: boolean; onChange(on: boolean): void }) {
  return (
    <div
      className="flex h-8 items-center gap-2 rounded-control border border-border bg-panel px-2.5"
      title="Stack seeds: show results that differ only by seed as one card, the best rated on top"
    >
      <Switch id="stack-seeds" checked={on} onChange={onChange} />
      <label
        htmlFor="stack-seeds"
        className="flex cursor-pointer select-none items-center text-[12.5px] text-muted"
      >
        <Layers aria-hidden className="size-3.5 2xl:hidden" />
        <span className="sr-only 2xl:not-sr-only">Stack seeds</span>
      </label>
    </div>
  );
}
