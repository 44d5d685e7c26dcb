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

/**
 * "New version", as the gallery's viewer offers it: the canvas this result was made on, opened
 * again with it staged, and the next task sent from it recorded as the result's next version.
 */
function newVersionHref(page: string, item: { id: string; taskUUID: string }): string {
  const query = new URLSearchParams({ recipe: item.taskUUID, result: item.id, versionOf: item.id });
  return `${page}?${query.toString()}`;
}

/**
 * A word of the bar shown where the stage has room for it, and read out everywhere: on a narrow
 * stage (a laptop's canvas between its two panels) the bar keeps to one row of icons, as a paint
 * program's staging toolbar does, each named by its tooltip.
 */
function Word({ children, from }: { children: string; from: "md" | "3xl" }) {
  return (
    <span className={from === "md" ? "sr-only @md:not-sr-only" : "sr-only @3xl:not-sr-only"}>{children}</span>
  );
}

const ICON_ONLY = "w-8 px-0 @3xl:w-auto @3xl:px-3";

/** Which result is shown, between the buttons that step through them. */
function StagedCount({ index, count, task }: { index: number; count: number; task: TaskView | undefined }) {
  const { stepStaged } = useCanvasStore.getState();
  const waiting = isInFlight(task);
  return (
    <div className="flex items-center">
      <Button
        size="sm"
        variant="ghost"
        className="w-8 px-0"
        aria-label="Previous result"
        title="Previous result"
        disabled={count < 2}
        onClick={() => stepStaged(-1, count)}
      >
        <ChevronLeft aria-hidden />
      </Button>
      <p role="status" className="px-1 text-[13px] text-foreground tabular-nums">
        {count > 0 ? (
          <>
            <Word from="md">Result </Word>
            {`${index + 1} of ${count}`}
            {waiting ? <Word from="3xl">{` (${task?.itemCount ?? count} coming)`}</Word> : null}
          </>
        ) : task?.status === "error" ? (
          "The task failed; nothing to stage."
        ) : (
          "Waiting for results…"
        )}
      </p>
      {waiting ? <LoaderCircle aria-hidden className="size-4 animate-spin text-muted" /> : null}
      <Button
        size="sm"
        variant="ghost"
        className="w-8 px-0"
        aria-label="Next result"
        title="Next result"
        disabled={count < 2}
        onClick={() => stepStaged(1, count)}
      >
        <ChevronRight aria-hidden />
      </Button>
    </div>
  );
}

/** The staged results shown over the frame: step through them, take one, or leave them all. */
export function StagingBar({ staging, task }: { staging: Staging; task: TaskView | undefined }) {
  const { accept, unstage } = useCanvasStore.getState();
  const page = usePathname();
  const runBulk = useRunBulk();
  const [error, setError] = useState<string | null>(null);
  const items = task?.items ?? [];
  const count = items.length;
  const index = Math.min(staging.index, Math.max(0, count - 1));
  const current = items[index];

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
      className="pointer-events-auto flex flex-wrap items-center justify-center gap-1.5 rounded-panel border border-border-strong bg-panel/95 px-1.5 py-1.5 shadow-panel"
    >
      <StagedCount index={index} count={count} task={task} />
      <Button
        size="sm"
        variant="primary"
        className="w-8 px-0 @md:w-auto @md:px-3"
        title="Accept: put this result on a new layer"
        disabled={!current}
        onClick={() => current && accept(current.url)}
      >
        <Check aria-hidden />
        <Word from="md">Accept</Word>
      </Button>
      {current ? (
        <ButtonLink
          href={newVersionHref(page, { id: current.id, taskUUID: staging.taskUUID })}
          variant="secondary"
          size="sm"
          className={ICON_ONLY}
          title="New version: make the next version of this result from its canvas"
        >
          <Layers aria-hidden />
          <Word from="3xl">New version</Word>
        </ButtonLink>
      ) : null}
      <Button
        size="sm"
        variant="secondary"
        className={ICON_ONLY}
        onClick={unstage}
        title="Keep in gallery: close; every result stays in the gallery"
      >
        <GalleryHorizontalEnd aria-hidden />
        <Word from="3xl">Keep in gallery</Word>
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className={ICON_ONLY}
        onClick={() => void discard()}
        title="Discard: move these results to the trash"
      >
        <Trash2 aria-hidden />
        <Word from="3xl">Discard</Word>
      </Button>
      {error ? (
        <p role="alert" className="w-full text-[12px] text-danger">
          {error}
        </p>
      ) : null}
    </section>
  );
}
