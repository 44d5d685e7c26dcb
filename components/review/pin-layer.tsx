"use client";

import type { GalleryItem } from "@/lib/studio/stream-events";

/**
 * Comment pins drawn over an image, positioned in fractions of its box; the viewer places this
 * layer exactly over the displayed media (inside its zoom/pan transform), so pins follow zoom.
 * Clicking the layer while `placingPin` sets the pending pin. Placeholder until the review work lands.
 */
export function PinLayer({ item }: { item: GalleryItem }) {
  void item;
  return null;
}
