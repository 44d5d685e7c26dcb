"use client";

import { useDeferredValue, useMemo, useState } from "react";
import { Segmented } from "@/components/ui/segmented";
import { edgeLabels } from "@/lib/studio/experiments/axis-labels";
import type { Pinned } from "./axis-header";
import { ExperimentGrid } from "./experiment-grid";
import { LARGEST_CELL } from "./grid-cell";
import type { CellView, ExperimentView } from "./types";

const SIZES = { small: 128, medium: 200, large: LARGEST_CELL } as const;
type Size = keyof typeof SIZES;

interface GridSectionProps {
  view: ExperimentView;
  selected: ReadonlySet<string>;
  canRun: boolean;
  onSelect(itemId: string): void;
  onRetry(cell: CellView): void;
  onRerun(axis: number, index: number): void;
}

/**
 * The grid with what changes only how it is looked at: the third axis's tabs, the zoom and the
 * pinned reference. Held here, apart from the page, so a zoom press renders this and the grid's
 * frame, and neither the page's header nor its votes.
 */
export function GridSection({ view, selected, canRun, onSelect, onRetry, onRerun }: GridSectionProps) {
  const [size, setSize] = useState<Size>("medium");
  // A zoom press answers at once (the control shows the new size in the next frame); the grid is
  // drawn at that size in a render of its own that follows, which live cells and further presses
  // may interrupt, so neither waits for the other's layout.
  const drawnSize = useDeferredValue(size);
  const [layer, setLayer] = useState(0);
  const [pinned, setPinned] = useState<Pinned | null>(null);
  const third = view.axes[2];
  const tabLabels = useMemo(() => (third ? edgeLabels(third) : []), [third]);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {third ? (
          <div role="tablist" aria-label={third.name} className="flex flex-wrap gap-1">
            {tabLabels.map((label, i) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: a tab is its position on the axis
                key={i}
                type="button"
                role="tab"
                aria-selected={layer === i}
                title={third.titles[i]}
                onClick={() => setLayer(i)}
                className={
                  layer === i
                    ? "rounded-control bg-accent/15 px-3 py-1.5 font-medium text-[13px] text-accent-fg"
                    : "rounded-control px-3 py-1.5 text-[13px] text-muted hover:text-foreground"
                }
              >
                {label}
              </button>
            ))}
          </div>
        ) : (
          <span />
        )}
        <Segmented<Size>
          label="Cell size"
          value={size}
          onChange={setSize}
          options={[
            { value: "small", label: "Small" },
            { value: "medium", label: "Medium" },
            { value: "large", label: "Large" },
          ]}
        />
      </div>
      <ExperimentGrid
        view={view}
        layer={layer}
        size={SIZES[drawnSize]}
        pinned={pinned}
        selected={selected}
        canRun={canRun}
        onPin={setPinned}
        onSelect={onSelect}
        onRetry={onRetry}
        onRerun={onRerun}
      />
    </>
  );
}
