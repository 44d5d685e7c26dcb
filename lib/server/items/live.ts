import "server-only";
import type { StudioDatabase } from "@/lib/server/db";
import type { EventLog } from "@/lib/server/stream/event-log";
import type { GalleryChange } from "@/lib/studio/api/stream-events";
import { itemReviews } from "./item-review";

/** What organizing needs besides the database: the relay's log for live events. */
export interface OrganizeDeps {
  db: StudioDatabase;
  log: Pick<EventLog, "publishGallery">;
}

/** Sends each item's new review (tags, boards) to the team, read after the change committed. */
export async function publishReviews(deps: OrganizeDeps, itemIds: readonly string[]): Promise<void> {
  if (itemIds.length === 0) return;
  const reviews = await itemReviews(deps.db, itemIds);
  for (const [itemId, review] of reviews) deps.log.publishGallery({ kind: "review", itemId, review });
}

export function publish(deps: OrganizeDeps, change: GalleryChange): void {
  deps.log.publishGallery(change);
}
