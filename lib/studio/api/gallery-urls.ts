/**
 * The review gallery's addresses, shared by pages, cards and the server: one place that spells
 * each URL, so a link made in one screen opens in another.
 */

import type { ThumbWidth } from "@/lib/studio/items/thumb-widths";
// The addresses, not the declarations: cards and pages in the browser build these URLs.
import { api } from "./addresses";
import { urlOf } from "./url";

export { THUMB_WIDTHS, type ThumbWidth } from "@/lib/studio/items/thumb-widths";

const { items } = api;

/** An item's thumbnail (a poster frame for a video), in the best format the browser accepts. */
export function thumbUrl(itemId: string, width: ThumbWidth): string {
  return urlOf(items.thumb, { params: { id: itemId }, query: { w: String(width) } });
}

/** A strip of frames across a video, for scrubbing on hover. */
export function scrubUrl(itemId: string): string {
  return urlOf(items.scrub, { params: { id: itemId } });
}

/** The original file, as downloaded (its own name and format). */
export function downloadUrl(itemId: string): string {
  return urlOf(items.download, { params: { id: itemId } });
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
