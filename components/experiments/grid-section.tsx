"use client";

import { startTransition, useEffect, useMemo, useState } from "react";
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
  const drawnSize = useAfterPaint(size);
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

/**
 * `value` once the frame that shows its change has been painted. A zoom press answers in its own
 * frame (the control shows the new size, nothing else is drawn again); the grid is drawn at that
 * size in a render that starts after that frame, not before it as a deferred value's may, so the
 * press waits for no layout and paint of the grid. The render is a transition: live cells and a
 * further press interrupt it.
 */
function useAfterPaint<T>(value: T): T {
  const [drawn, setDrawn] = useState(value);
  useEffect(() => {
    if (Object.is(drawn, value)) return;
    let task: ReturnType<typeof setTimeout> | undefined;
    // A frame's callbacks run before it is painted; a task queued from one runs after.
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => startTransition(() => setDrawn(value)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [value, drawn]);
  return drawn;
}
