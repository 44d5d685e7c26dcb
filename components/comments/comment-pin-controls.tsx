"use client";

import { MapPin, PenLine, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatTime } from "@/lib/client/comments/pins";
import { useViewerStore } from "@/lib/client/review/viewer-store";
import { marksLabel } from "@/lib/studio/comments/marks";

/**
 * What a top-level comment carries besides its words: marks drawn on the image or the frame, and
 * a pin (a point clicked on the image, or the video's moment or range).
 */
export function CommentPinControls({ kind }: { kind: "image" | "video" }) {
  return (
    <>
      <DrawControls kind={kind} />
      <PinChip />
      {kind === "image" ? <PointPinButton /> : <MomentButtons />}
    </>
  );
}

/** The video's current moment, to the hundredth of a second. */
export function useNow(): number {
  const currentTime = useViewerStore((s) => s.currentTime);
  return Math.round(currentTime * 100) / 100;
}

function DrawControls({ kind }: { kind: "image" | "video" }) {
  const drawing = useViewerStore((s) => s.drawing);
  const draftMarks = useViewerStore((s) => s.draftMarks);
  const setDrawing = useViewerStore((s) => s.setDrawing);
  const setDraftMarks = useViewerStore((s) => s.setDraftMarks);
  return (
    <>
      <Button
        variant={drawing ? "primary" : "ghost"}
        size="sm"
        aria-pressed={drawing}
        onClick={() => setDrawing(!drawing)}
      >
        <PenLine aria-hidden />
        {kind === "image" ? "Draw on the image" : "Draw on this frame"}
      </Button>
      {draftMarks.length > 0 ? (
        <span className="inline-flex items-center gap-1 rounded-full border border-accent/40 bg-accent/10 px-2 py-0.5 text-[12px] text-accent-fg">
          <PenLine aria-hidden className="size-3" />
          {marksLabel(draftMarks.length)}
          <button type="button" aria-label="Remove the marks" onClick={() => setDraftMarks([])}>
            <X aria-hidden className="size-3" />
          </button>
        </span>
      ) : null}
    </>
  );
}

/** The pin the comment will carry, in words, with a way to remove it. */
function PinChip() {
  const pending = useViewerStore((s) => s.pendingPin);
  const setPending = useViewerStore((s) => s.setPendingPin);
  if (!pending) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-warning/40 bg-warning/10 px-2 py-0.5 text-[12px] text-warning-fg">
      <MapPin aria-hidden className="size-3" />
      {"seconds" in pending
        ? pending.endSeconds !== undefined
          ? `From ${formatTime(pending.seconds)} to ${formatTime(pending.endSeconds)}`
          : `Pinned at ${formatTime(pending.seconds)}`
        : "Pinned to a point"}
      <button type="button" aria-label="Remove the pin" onClick={() => setPending(null)}>
        <X aria-hidden className="size-3" />
      </button>
    </span>
  );
}

/** On an image: the next click on it places the pin. */
function PointPinButton() {
  const placing = useViewerStore((s) => s.placingPin);
  const pending = useViewerStore((s) => s.pendingPin);
  const setPlacing = useViewerStore((s) => s.setPlacingPin);
  if (pending) return null;
  return (
    <Button
      variant={placing ? "primary" : "ghost"}
      size="sm"
      aria-pressed={placing}
      onClick={() => setPlacing(!placing)}
    >
      <MapPin aria-hidden />
      {placing ? "Click the image…" : "Pin to a point"}
    </Button>
  );
}

/** On a video: the comment's moment (in) and the end of its range (out), at the frame on screen. */
function MomentButtons() {
  const pending = useViewerStore((s) => s.pendingPin);
  const setPending = useViewerStore((s) => s.setPendingPin);
  const now = useNow();
  const inPoint = pending && "seconds" in pending ? pending.seconds : null;
  return (
    <span className="inline-flex items-center">
      <Button
        variant="ghost"
        size="sm"
        title="The comment's moment, or the start of its range"
        onClick={() =>
          setPending(
            pending && "seconds" in pending && pending.endSeconds !== undefined && pending.endSeconds > now
              ? { seconds: now, endSeconds: pending.endSeconds }
              : { seconds: now },
          )
        }
      >
        <MapPin aria-hidden />
        Set in at {formatTime(now)}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        title="The end of the comment's range"
        disabled={now <= (inPoint ?? 0)}
        onClick={() => setPending({ seconds: inPoint ?? 0, endSeconds: now })}
      >
        Set out at {formatTime(now)}
      </Button>
    </span>
  );
}
