"use client";

import { cn } from "@/components/ui/cn";
import { formatTime } from "@/lib/client/comments/pins";
import { useViewerStore } from "@/lib/client/review/viewer-store";
import type { CommentThread } from "@/lib/studio/comments/comments";

/** A comment's first words, for a tooltip: up to about forty characters, cut at a word. */
export function firstWords(text: string, max = 40): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The threads that hold a range of the video, with it. */
export function rangesOf(threads: readonly CommentThread[]) {
  return threads.flatMap((t) =>
    t.pin && "seconds" in t.pin && t.pin.endSeconds !== undefined
      ? [{ thread: t, from: t.pin.seconds, to: t.pin.endSeconds }]
      : [],
  );
}

/**
 * Under the scrubber, one bar per comment holding a range, from its in to its out; pressing one
 * plays the range. Bars that overlap take separate rows so each can be pressed.
 */
export function RangeBars({
  threads,
  numbers,
  duration,
}: {
  threads: readonly CommentThread[];
  numbers: ReadonlyMap<string, number>;
  duration: number;
}) {
  const playRange = useViewerStore((s) => s.playRange);
  const highlighted = useViewerStore((s) => s.highlightedCommentId);
  const setSelected = useViewerStore((s) => s.setSelectedComment);
  const ranges = rangesOf(threads);
  if (duration <= 0 || ranges.length === 0) return null;
  const rowEnds: number[] = [];
  const placed = ranges.map((r) => {
    let row = rowEnds.findIndex((end) => end <= r.from);
    if (row === -1) row = rowEnds.push(r.to) - 1;
    else rowEnds[row] = r.to;
    return { ...r, row };
  });
  return (
    <div className="relative" style={{ height: `${rowEnds.length * 8}px` }}>
      {placed.map(({ thread, from, to, row }) => {
        const n = numbers.get(thread.id);
        return (
          <button
            key={thread.id}
            type="button"
            data-testid="range-bar"
            title={`${thread.authorName}: ${firstWords(thread.body)}`}
            aria-label={`Play comment ${n ?? ""}'s range, ${formatTime(from)} to ${formatTime(to)}`}
            onClick={() => {
              setSelected(thread.id);
              playRange?.(from, to);
            }}
            style={{
              left: `${Math.min(100, (from / duration) * 100)}%`,
              width: `${Math.max(0.5, Math.min(100, ((to - from) / duration) * 100))}%`,
              top: `${row * 8}px`,
            }}
            className={cn(
              "absolute h-1.5 rounded-full transition-colors",
              thread.resolved ? "bg-panel-hover" : "bg-accent-strong/80 hover:bg-accent-strong",
              highlighted === thread.id && "ring-2 ring-accent",
            )}
          />
        );
      })}
    </div>
  );
}
