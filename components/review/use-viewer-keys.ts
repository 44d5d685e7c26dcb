"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useViewerStore } from "@/lib/client/review/viewer-store";
import { viewerCommand } from "@/lib/client/shortcuts/viewer-keys";
import { viewerUrl } from "@/lib/studio/api/gallery-urls";

/**
 * The viewer's keys: Esc ends placing a pin or drawing, else goes back; the arrows walk to the
 * previous and next item; a digit rates the item when the viewer may review.
 */
export function useViewerKeys({
  galleryHref,
  previousId,
  nextId,
  search,
  canReview,
  rate,
}: {
  galleryHref: string;
  previousId: string | null;
  nextId: string | null;
  search: string;
  canReview: boolean;
  rate: { mutate(stars: number): void };
}) {
  const router = useRouter();
  const placing = useViewerStore((s) => s.placingPin);
  const setPlacing = useViewerStore((s) => s.setPlacingPin);
  const drawing = useViewerStore((s) => s.drawing);
  const setDrawing = useViewerStore((s) => s.setDrawing);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = viewerCommand(event);
      if (command?.kind === "close") {
        if (placing) setPlacing(false);
        else if (drawing) setDrawing(false);
        else router.push(galleryHref);
      } else if (command?.kind === "previous" && previousId) router.push(viewerUrl(previousId, search));
      else if (command?.kind === "next" && nextId) router.push(viewerUrl(nextId, search));
      else if (command?.kind === "rate" && canReview) rate.mutate(command.stars);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [
    placing,
    setPlacing,
    drawing,
    setDrawing,
    router,
    galleryHref,
    previousId,
    nextId,
    search,
    canReview,
    rate,
  ]);
}

/** Opened from the inbox (`#comment-<id>`): shows that comment's thread, once it is on the page. */
export function useCommentFromHash(threads: readonly { id: string; replies: readonly { id: string }[] }[]) {
  const setHighlighted = useViewerStore((s) => s.setHighlightedComment);
  const [shownHash, setShownHash] = useState("");
  useEffect(() => {
    const hash = window.location.hash;
    if (!hash.startsWith("#comment-") || hash === shownHash || threads.length === 0) return;
    const id = hash.slice("#comment-".length);
    const thread = threads.find((t) => t.id === id || t.replies.some((r) => r.id === id));
    if (!thread) return;
    setShownHash(hash);
    setHighlighted(thread.id);
    document.getElementById(`comment-${id}`)?.scrollIntoView({ block: "center" });
  }, [threads, shownHash, setHighlighted]);
}
