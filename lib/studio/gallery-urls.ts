/**
 * The review gallery's addresses, shared by pages, cards and the server: one place that spells
 * each URL, so a link made in one screen opens in another.
 */

/** Widths of the thumbnails the studio makes for each item (px); cards pick by their size. */
export const THUMB_WIDTHS = [320, 640, 1280] as const;
export type ThumbWidth = (typeof THUMB_WIDTHS)[number];

/** An item's thumbnail (a poster frame for a video), in the best format the browser accepts. */
export function thumbUrl(itemId: string, width: ThumbWidth): string {
  return `/api/items/${itemId}/thumb?w=${width}`;
}

/** A strip of frames across a video, for scrubbing on hover. */
export function scrubUrl(itemId: string): string {
  return `/api/items/${itemId}/scrub`;
}

/** The original file, as downloaded (its own name and format). */
export function downloadUrl(itemId: string): string {
  return `/api/items/${itemId}/download`;
}

/**
 * The viewer of one item. `search` is the gallery's filter query string (without `?`), so that
 * previous/next walk the list the person came from.
 */
export function viewerUrl(itemId: string, search = ""): string {
  return `/gallery/item/${itemId}${search ? `?${search}` : ""}`;
}

/**
 * The viewer of an experiment's cell: previous/next walk the grid along either axis, and the way
 * back leads to the experiment.
 */
export function experimentCellUrl(itemId: string, experimentId: string): string {
  return viewerUrl(itemId, `experiment=${encodeURIComponent(experimentId)}`);
}

/** Two to four items side by side. */
export function compareUrl(itemIds: readonly string[]): string {
  return `/gallery/compare?ids=${itemIds.join(",")}`;
}
