import "server-only";
import type { StudioDatabase } from "@/lib/server/db";
import type { Audience } from "@/lib/server/stream/event-log";
import type { GalleryChange } from "@/lib/studio/api/stream-events";

/** A database handle or a transaction on it: notifications are written inside the action's. */
export type Tx = Pick<StudioDatabase, "select" | "insert" | "update" | "delete" | "execute">;

/** Where a member's unread count goes live (the relay's event log; a recorder in tests). */
export interface InboxPublisher {
  publishGallery(change: GalleryChange, audience?: Audience): void;
}
