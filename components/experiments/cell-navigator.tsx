"use client";

import { ChevronDown, ChevronLeft, ChevronRight, ChevronUp, FlaskConical } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useMemo } from "react";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { useEndpoint } from "@/lib/client/endpoint-client";
import { cellImageStep } from "@/lib/client/shortcuts/viewer-keys";
import { api } from "@/lib/studio/api/addresses";
import { experimentCellUrl } from "@/lib/studio/api/gallery-urls";
import { type Direction, placeOf } from "@/lib/studio/experiments/cell-nav";

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
 * arrow key (←/→ along the row, ↑/↓ down the column); at an edge the step is disabled. A cell
 * with several images says which one this is ("Image 2 of 4") and steps through them, by button or
 * by Shift with ←/→ (lib/client/shortcuts/viewer-keys.ts lists these keys).
 */
export function CellNavigator({ experimentId, itemId }: { experimentId: string; itemId: string }) {
  const router = useRouter();
  const query = useEndpoint(api.experiments.get, { params: { id: experimentId } });
  const place = useMemo(
    // The values uncut: a long prompt's last words are often the ones its row differs in.
    () =>
      query.data
        ? placeOf(
            query.data.axes.map((a) => ({ name: a.name, labels: a.titles })),
            query.data.cells,
            itemId,
          )
        : null,
    [query.data, itemId],
  );

  useEffect(() => {
    if (!place) return;
    const onKey = (event: KeyboardEvent) => {
      const image = cellImageStep(event);
      if (image !== null) {
        const target = image < 0 ? place.image.previous : place.image.next;
        event.preventDefault();
        if (target) router.push(experimentCellUrl(target, experimentId));
        return;
      }
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

  const go = (target: string | null) => {
    if (target) router.push(experimentCellUrl(target, experimentId));
  };

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
      <p data-testid="cell-place" className="min-w-0 flex-1 break-words text-[13px] text-muted">
        {words}
      </p>
      {place.image.count > 1 ? (
        <fieldset aria-label="Images of this cell" className="m-0 flex items-center gap-0.5 border-0 p-0">
          <Button
            variant="ghost"
            size="sm"
            aria-label="Previous image of this cell"
            title="Previous image of this cell (Shift+←)"
            disabled={!place.image.previous}
            onClick={() => go(place.image.previous)}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <span data-testid="cell-image" className="text-[13px] text-muted tabular-nums">
            Image {place.image.index + 1} of {place.image.count}
          </span>
          <Button
            variant="ghost"
            size="sm"
            aria-label="Next image of this cell"
            title="Next image of this cell (Shift+→)"
            disabled={!place.image.next}
            onClick={() => go(place.image.next)}
          >
            <ChevronRight aria-hidden />
          </Button>
          <span className="ml-1 h-4 w-px bg-border" aria-hidden />
        </fieldset>
      ) : null}
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
              onClick={() => go(target)}
            >
              <Icon aria-hidden />
            </Button>
          );
        })}
      </div>
    </nav>
  );
}
