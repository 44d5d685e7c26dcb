import "server-only";
import { inArray } from "drizzle-orm";
import { item } from "@/lib/server/db/schema";
import type { BulkBody } from "@/lib/studio/organize/organize";
import { type Actor, appendEvents, liveItems, requirePermission } from "../items/actor";
import { type OrganizeDeps, publish, publishReviews } from "../items/live";
import { setBoardMembership } from "./boards";
import { setTagOn } from "./tags";
import { trashItems } from "./trash";

/**
 * One action on a selection, in one transaction: every item is changed or none is (a missing
 * item or a forbidden action refuses the whole request). One audit row per item changed.
 * Moving review states needs a reviewer; everything else an editor.
 */
export async function bulkAction(
  deps: OrganizeDeps,
  actor: Actor,
  body: BulkBody,
): Promise<{ action: BulkBody["action"]; changed: string[] }> {
  requirePermission(actor, body.action === "state" ? "review" : "organize", "action");
  const changed = await deps.db.transaction(async (tx) => {
    switch (body.action) {
      case "board.add":
      case "board.remove":
        return setBoardMembership(
          tx,
          actor,
          body.boardId as string,
          body.itemIds,
          body.action === "board.add",
        );
      case "tag.add":
      case "tag.remove":
        return setTagOn(tx, actor, body.itemIds, body.tag as string, body.action === "tag.add");
      case "trash":
        return trashItems(tx, actor, body.itemIds);
      case "state": {
        const state = body.state as NonNullable<BulkBody["state"]>;
        const rows = (await liveItems(tx, body.itemIds)).filter((r) => r.reviewState !== state);
        const ids = rows.map((r) => r.id);
        if (ids.length > 0) await tx.update(item).set({ reviewState: state }).where(inArray(item.id, ids));
        await appendEvents(
          tx,
          actor,
          rows.map((r) => ({ itemId: r.id, kind: "state", from: r.reviewState, to: state })),
        );
        return ids;
      }
    }
  });
  if (body.action === "trash") publish(deps, { kind: "trash", itemIds: changed });
  else {
    if (body.boardId && changed.length > 0) publish(deps, { kind: "board", boardId: body.boardId });
    await publishReviews(deps, changed);
  }
  return { action: body.action, changed };
}
