"use client";

import { ChevronDown, ChevronLeft, ChevronRight, ChevronUp, FlaskConical } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useMemo } from "react";
import { Button } from "@/components/ui/button";
import { experimentKey } from "@/lib/client/live/experiment-changes";
import { useApiQuery } from "@/lib/client/use-api";
import { type Direction, placeOf } from "@/lib/studio/experiments/cell-nav";
import { experimentCellUrl } from "@/lib/studio/gallery-urls";
import type { ExperimentView } from "./types";

/** Keys typed into a field, or used by a control that moves with arrows, are not the grid's. */
function isForControl(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.closest(
      "input, textarea, select, [contenteditable], [role=group], [role=radiogroup], [role=tablist], [role=slider]",
    ) !== null
  );
}

const KEYS: Record<string, Direction> = {
  ArrowLeft: "left",
  ArrowRight: "right",
  ArrowUp: "up",
  ArrowDown: "down",
};

const STEPS: { direction: Direction; label: string; key: string; Icon: typeof ChevronLeft }[] = [
  { direction: "left", label: "Previous column", key: "←", Icon: ChevronLeft },
  { direction: "right", label: "Next column", key: "→", Icon: ChevronRight },
  { direction: "up", label: "Previous row", key: "↑", Icon: ChevronUp },
  { direction: "down", label: "Next row", key: "↓", Icon: ChevronDown },
];

/**
 * The viewer opened from an experiment's cell: where the result sits in the grid ("Row: … ·
 * Column: …") and a step to the neighbouring cell's result along either axis, by button or by
 * arrow key (←/→ along the row, ↑/↓ down the column); at an edge the step is disabled.
 */
export function CellNavigator({ experimentId, itemId }: { experimentId: string; itemId: string }) {
  const router = useRouter();
  const query = useApiQuery<ExperimentView>(experimentKey(experimentId), `/api/experiments/${experimentId}`);
  const place = useMemo(
    () => (query.data ? placeOf(query.data.axes, query.data.cells, itemId) : null),
    [query.data, itemId],
  );

  useEffect(() => {
    if (!place) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
      if (isForControl(event.target)) return;
      const direction = KEYS[event.key];
      if (!direction) return;
      const target = place.neighbors[direction];
      event.preventDefault();
      if (target) router.push(experimentCellUrl(target, experimentId));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [place, router, experimentId]);

  if (!query.data) return null;
  if (!place) {
    return (
      <p className="text-[12px] text-muted-subtle">
        Not a cell of{" "}
        <Link href={`/experiments/${experimentId}`} className="text-accent-fg hover:underline">
          {query.data.name}
        </Link>
      </p>
    );
  }
  const words = [
    place.row !== null ? `Row: ${place.row}` : null,
    `Column: ${place.column}`,
    place.layer !== null ? `${query.data.axes[2]?.name}: ${place.layer}` : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <nav
      aria-label="Experiment cell"
      className="flex w-full flex-wrap items-center gap-2 rounded-control border border-border bg-panel px-2 py-1.5"
    >
      <FlaskConical aria-hidden className="size-4 shrink-0 text-accent-fg" />
      <Link
        href={`/experiments/${experimentId}`}
        className="max-w-64 truncate font-medium text-[13px] text-foreground hover:underline"
        title={query.data.name}
      >
        {query.data.name}
      </Link>
      <span className="h-4 w-px bg-border" aria-hidden />
      <p data-testid="cell-place" className="min-w-0 flex-1 truncate text-[13px] text-muted" title={words}>
        {words}
      </p>
      <div className="flex items-center gap-0.5">
        {STEPS.map(({ direction, label, key, Icon }) => {
          const target = place.neighbors[direction];
          return (
            <Button
              key={direction}
              variant="ghost"
              size="sm"
              aria-label={label}
              title={`${label} (${key})`}
              disabled={!target}
              onClick={() => target && router.push(experimentCellUrl(target, experimentId))}
            >
              <Icon aria-hidden />
            </Button>
          );
        })}
      </div>
    </nav>
  );
}
