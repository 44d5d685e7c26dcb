import "server-only";
import { and, inArray, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { approvalItem, approvalRequest } from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import { can, type Role } from "@/lib/studio/roles";

/** The items among `itemIds` that a request holding downloads covers and has not approved yet. */
export async function heldItems(db: StudioDatabase, itemIds: readonly string[]): Promise<string[]> {
  if (itemIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ itemId: approvalItem.itemId })
    .from(approvalItem)
    .innerJoin(approvalRequest, sql`${approvalRequest.id} = ${approvalItem.requestId}`)
    .where(
      and(
        inArray(approvalItem.itemId, [...itemIds]),
        sql`${approvalRequest.holdDownloads} and ${approvalRequest.status} in ('inReview', 'changesRequested', 'rejected')`,
      ),
    );
  return rows.map((r) => r.itemId);
}

/**
 * Refuses (403 `downloadHeld`, naming `parameter`) a download of an item held for approval to a
 * caller who may not edit the gallery: viewers and reviewers wait for the approval, editors and
 * owners, who prepare the work, still download.
 */
export async function assertDownloadable(
  db: StudioDatabase,
  role: Role,
  itemIds: readonly string[],
  parameter: string,
): Promise<void> {
  if (can(role, "organize")) return;
  if ((await heldItems(db, itemIds)).length > 0) throw studioErrors.downloadHeld(parameter);
}
