"use client";

import {
  Check,
  ChevronLeft,
  ChevronRight,
  GalleryHorizontalEnd,
  Layers,
  LoaderCircle,
  Trash2,
} from "lucide-react";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import type { Staging } from "@/lib/client/canvas/canvas-persist";
import { useCanvasStore } from "@/lib/client/canvas/canvas-store";
import { isInFlight } from "@/lib/client/create/use-task-views";
import { useRunBulk } from "@/lib/client/organize/actions";
import type { TaskView } from "@/lib/studio/items/gallery-item";

/** The staged results shown over the frame: step through them, take one, or leave them all. */
/**
 * "New version", as the gallery's viewer offers it: the canvas this result was made on, opened
 * again with it staged, and the next task sent from it recorded as the result's next version.
 */
function newVersionHref(page: string, item: { id: string; taskUUID: string }): string {
  const query = new URLSearchParams({ recipe: item.taskUUID, result: item.id, versionOf: item.id });
  return `${page}?${query.toString()}`;
}

export function StagingBar({ staging, task }: { staging: Staging; task: TaskView | undefined }) {
  const { stepStaged, accept, unstage } = useCanvasStore.getState();
  const page = usePathname();
  const runBulk = useRunBulk();
  const [error, setError] = useState<string | null>(null);
  const items = task?.items ?? [];
  const count = items.length;
  const index = Math.min(staging.index, Math.max(0, count - 1));
  const current = items[index];
  const waiting = isInFlight(task);
  const failed = task?.status === "error";

  const discard = async () => {
    setError(null);
    try {
      if (items.length > 0) await runBulk({ itemIds: items.map((i) => i.id), action: "trash" });
      unstage();
    } catch {
      setError("The results could not be moved to the trash; they stay in the gallery.");
    }
  };

  return (
    <section
      aria-label="Staged results"
      data-testid="staging-bar"
      className="pointer-events-auto flex flex-wrap items-center justify-center gap-1.5 rounded-panel border border-border-strong bg-panel/95 px-2.5 py-1.5 shadow-panel backdrop-blur"
    >
      <p role="status" className="px-1 text-[13px] text-foreground tabular-nums">
        {count > 0
          ? `Result ${index + 1} of ${count}${waiting ? ` (${task?.itemCount ?? count} coming)` : ""}`
          : failed
            ? "The task failed; nothing to stage."
            : "Waiting for results…"}
      </p>
      {waiting && count === 0 ? (
        <LoaderCircle aria-hidden className="size-4 animate-spin text-muted" />
      ) : null}
      <Button
        size="sm"
        variant="ghost"
        aria-label="Previous result"
        disabled={count < 2}
        onClick={() => stepStaged(-1, count)}
      >
        <ChevronLeft aria-hidden />
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label="Next result"
        disabled={count < 2}
        onClick={() => stepStaged(1, count)}
      >
        <ChevronRight aria-hidden />
      </Button>
      <Button size="sm" variant="primary" disabled={!current} onClick={() => current && accept(current.url)}>
        <Check aria-hidden />
        Accept
      </Button>
      {current ? (
        <ButtonLink
          href={newVersionHref(page, { id: current.id, taskUUID: staging.taskUUID })}
          variant="secondary"
          size="sm"
          title="New version: make the next version of this result from its canvas"
        >
          <Layers aria-hidden />
          New version
        </ButtonLink>
      ) : null}
      <Button
        size="sm"
        variant="secondary"
        onClick={unstage}
        title="Close; every result stays in the gallery"
      >
        <GalleryHorizontalEnd aria-hidden />
        Keep in gallery
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => void discard()}
        title="Move these results to the trash"
      >
        <Trash2 aria-hidden />
        Discard
      </Button>
      {error ? (
        <p role="alert" className="w-full text-[12px] text-danger">
          {error}
        </p>
      ) : null}
    </section>
  );
}
