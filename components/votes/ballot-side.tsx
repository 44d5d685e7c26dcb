"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { LoopingVideo } from "@/components/ui/looping-video";
import type { BallotMedia } from "@/lib/studio/api/votes";

/** A closed vote's ballot: said once, in one place. */
export function ClosedNotice() {
  return (
    <p
      role="status"
      aria-label="Vote closed"
      className="rounded-control border border-border bg-panel-raised px-3 py-2 text-[13px] text-muted"
    >
      This vote is closed: voting has ended and its votes can no longer change.
    </p>
  );
}

/** One side of a pair: the picture (or video) alone, nothing that names it. */
export function Side({
  media,
  side,
  chosen,
  onPick,
  button = true,
}: {
  media: BallotMedia;
  side: "left" | "right";
  chosen: boolean;
  onPick(): void;
  /** The "… is better" button under it: off when each criterion has its own row of choices. */
  button?: boolean;
}) {
  const word = side === "left" ? "Left" : "Right";
  return (
    <figure className="flex min-w-0 flex-1 flex-col items-center gap-3">
      <button
        type="button"
        onClick={onPick}
        aria-label={`${word} image`}
        className={cn(
          "grid w-full place-items-center overflow-hidden rounded-panel border-2 bg-surface-sunken p-1 transition-colors",
          chosen ? "border-accent shadow-glow" : "border-transparent hover:border-border-strong",
        )}
      >
        {media.kind === "video" ? (
          <LoopingVideo src={media.url} className="max-h-[46dvh] w-auto max-w-full" />
        ) : (
          // biome-ignore lint/performance/noImgElement: studio media, sized by the studio
          <img
            src={media.url}
            alt={`${word} candidate`}
            width={media.width}
            height={media.height}
            className="max-h-[46dvh] w-auto max-w-full object-contain"
          />
        )}
      </button>
      {button ? (
        <Button variant={chosen ? "primary" : "secondary"} onClick={onPick} aria-pressed={chosen}>
          {side === "left" ? <ChevronLeft aria-hidden /> : null}
          {word} is better
          {side === "right" ? <ChevronRight aria-hidden /> : null}
        </Button>
      ) : null}
    </figure>
  );
}
