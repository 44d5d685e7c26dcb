"use client";

import { MarkToolbar } from "@/components/comments/mark-toolbar";
import { useViewerStore } from "@/lib/client/review/viewer-store";
import type { CommentThread } from "@/lib/studio/comments/comments";
import { ImageStage, type StageItem } from "./image-stage";
import { VideoPlayer } from "./video-player";

/** The viewer's media, full size: the image with zoom and pins, or the video with its timeline; drawing on either. */
export function ViewerStage({
  item,
  label,
  threads,
  numbers,
  className,
}: {
  item: StageItem & { kind: "image" | "video" };
  label: string;
  threads: readonly CommentThread[];
  numbers: ReadonlyMap<string, number>;
  className?: string;
}) {
  const placing = useViewerStore((s) => s.placingPin);
  const drawing = useViewerStore((s) => s.drawing);
  return (
    <section aria-label="Media" className={className ?? "relative flex min-h-[420px] min-w-0 flex-col"}>
      {item.kind === "image" ? (
        <ImageStage item={item} label={label} threads={threads} numbers={numbers} />
      ) : (
        <VideoPlayer item={item} label={label} threads={threads} numbers={numbers} />
      )}
      {placing ? (
        <p className="pointer-events-none absolute top-3 left-1/2 -translate-x-1/2 rounded-full bg-surface/90 px-3 py-1 text-[12px] text-foreground shadow-panel">
          Click the image where the comment points. Esc cancels.
        </p>
      ) : null}
      {drawing ? <MarkToolbar /> : null}
    </section>
  );
}
