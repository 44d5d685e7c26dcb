import type { GalleryItem } from "./gallery-item";
import type { Role } from "./roles";

/** What the viewer reads of one item (`GET /api/items/[id]`). */
export interface ItemDetail {
  item: GalleryItem;
  /** The task's parameters as sent (inline media replaced by references, secrets redacted). */
  params: Record<string, unknown>;
  lineage: {
    /** The studio items this one was made from, with the role each played (`seedImage`, ...). */
    sources: { item: GalleryItem; role: string }[];
    /** The items made from this one. */
    derived: { item: GalleryItem; role: string }[];
  };
  /** My own rating, null when I have not rated it. */
  myRating: number | null;
  ratings: { userId: string; name: string; value: number }[];
  /**
   * Words of the prompt the built-in engine has no drawing for ("whale"): present only for
   * results of the built-in engine, which says so rather than leave them out silently.
   */
  notDrawn?: string[];
  /** The team's active members, for assigning and @mentions. */
  members: { id: string; name: string; role: Role }[];
}
