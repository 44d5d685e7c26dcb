"use client";

import type { MouseEvent } from "react";
import { cn } from "@/components/ui/cn";
import { useViewerStore } from "@/lib/client/review/viewer-store";
import type { CommentThread } from "@/lib/studio/comments/comments";

/**
 * Comment pins drawn over an image, positioned in fractions of its box; the viewer places this
 * layer exactly over the displayed media (inside its zoom/pan transform), so pins follow zoom.
 * Clicking the layer while `placingPin` sets the pending pin.
 */
export function PinLayer({
  threads,
  numbers,
}: {
  threads: readonly CommentThread[];
  numbers: ReadonlyMap<string, number>;
}) {
  const placing = useViewerStore((s) => s.placingPin);
  const pending = useViewerStore((s) => s.pendingPin);
  const highlighted = useViewerStore((s) => s.highlightedCommentId);
  const setPendingPin = useViewerStore((s) => s.setPendingPin);
  const setHighlighted = useViewerStore((s) => s.setHighlightedComment);

  const place = (event: MouseEvent<HTMLDivElement>) => {
    if (!placing) return;
    // The box on screen already includes the zoom and pan, so the fraction is of the image itself.
    const box = event.currentTarget.getBoundingClientRect();
    const x = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    const y = Math.min(1, Math.max(0, (event.clientY - box.top) / box.height));
    setPendingPin({ x: Math.round(x * 10_000) / 10_000, y: Math.round(y * 10_000) / 10_000 });
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointing at the image is the gesture; the comment box offers the same without a pin.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
    <div
      data-testid="pin-layer"
      onClick={place}
      className={cn("absolute inset-0", placing ? "cursor-crosshair" : "pointer-events-none")}
    >
      {threads.map((t) => {
        const n = numbers.get(t.id);
        if (!t.pin || !("x" in t.pin) || n === undefined) return null;
        return (
          <span
            key={t.id}
            data-testid="comment-pin"
            title={`${t.authorName}: ${t.body}`}
            onPointerEnter={() => setHighlighted(t.id)}
            onPointerLeave={() => setHighlighted(null)}
            style={{ left: `${t.pin.x * 100}%`, top: `${t.pin.y * 100}%` }}
            className={cn(
              "pointer-events-auto absolute flex size-6 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 font-semibold text-[11px] shadow-lg transition-transform",
              t.resolved
                ? "border-white/60 bg-panel-hover/90 text-muted"
                : "border-white bg-accent-strong text-white",
              highlighted === t.id && "scale-125 ring-2 ring-accent",
            )}
          >
            {n}
          </span>
        );
      })}
      {pending && "x" in pending ? (
        <span
          data-testid="pending-pin"
          style={{ left: `${pending.x * 100}%`, top: `${pending.y * 100}%` }}
          className="absolute flex size-6 -translate-x-1/2 -translate-y-1/2 animate-pulse items-center justify-center rounded-full border-2 border-white bg-warning font-semibold text-[11px] text-black shadow-lg"
        >
          +
        </span>
      ) : null}
    </div>
  );
}
