"use client";

import { Switch } from "@/components/ui/switch";

/** "Stack seeds": fold results that differ only by seed into one card. */
export function StackSeedsToggle({ on, onChange }: { on: boolean; onChange(on: boolean): void }) {
  return (
    <div
      className="flex h-8 items-center gap-2 rounded-control border border-border bg-panel px-2.5"
      title="Show results that differ only by seed as one card, the best rated on top"
    >
      <Switch id="stack-seeds" checked={on} onChange={onChange} />
      <label htmlFor="stack-seeds" className="cursor-pointer select-none text-[12.5px] text-muted">
        Stack seeds
      </label>
    </div>
  );
}
