import "server-only";
import type { StudioDatabase } from "@/lib/server/db";
import type { EventLog } from "@/lib/server/stream/event-log";

/** What approvals need besides the database: the relay's log for live events and inbox counts. */
export interface ApprovalDeps {
  db: StudioDatabase;
  log: Pick<EventLog, "publishGallery">;
}

/**
 * Who decides: a member by their id, or a guest by the reviewer row their link names and that
 * link's hash, checked again under the request's lock so a link reissued or withdrawn a moment
 * before decides nothing.
 */
export type Decider = { userId: string } | { reviewerId: string; tokenHash: string };
