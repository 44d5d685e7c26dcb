"use client";

import type { GalleryItem } from "@/lib/studio/stream-events";

/**
 * The viewer's review side: rating, review state, assignee, comment threads and history.
 * Placeholder until the review work lands; the viewer already places it.
 */
export function ReviewPanel({ item }: { item: GalleryItem }) {
  void item;
  return null;
}
