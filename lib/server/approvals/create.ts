import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import {
  approvalItem,
  approvalRequest,
  approvalReviewer,
  approvalStage,
  board,
  boardItem,
  item,
  user,
} from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import type { ApprovalCreate } from "@/lib/studio/approvals/inputs";
import type { ApprovalView, GuestLink } from "@/lib/studio/approvals/views";
import { type Actor, liveItems, requirePermission } from "../items/actor";
import { emailGuestLinks, type MadeLink } from "./guest-mail";
import { approvalGuestUrl, hashApprovalToken, newApprovalToken } from "./guest-token";
import { announce, stageStarted } from "./notices";
import type { ApprovalDeps } from "./types";
import { approvalView } from "./view";

type Tx = Parameters<Parameters<ApprovalDeps["db"]["transaction"]>[0]>[0];

/** The items a request covers: the board's live items as they are now, or the selection. */
async function itemsOf(tx: Tx, input: ApprovalCreate): Promise<string[]> {
  if (input.itemIds) return (await liveItems(tx, input.itemIds)).map((r) => r.id);
  const boardId = input.boardId as string;
  const [found] = await tx.select({ id: board.id }).from(board).where(eq(board.id, boardId));
  if (!found) throw studioErrors.boardNotFound("boardId");
  const rows = await tx
    .select({ id: item.id })
    .from(boardItem)
    .innerJoin(item, eq(item.id, boardItem.itemId))
    .where(and(eq(boardItem.boardId, boardId), isNull(item.deletedAt)));
  if (rows.length === 0) throw studioErrors.invalidApproval("This board has no items to review.", "boardId");
  return rows.map((r) => r.id);
}

/** Every member reviewer is an active member, named once per stage. */
async function checkMembers(tx: Tx, input: ApprovalCreate): Promise<void> {
  const wanted = new Set<string>();
  input.stages.forEach((stage, s) => {
    const seen = new Set<string>();
    stage.reviewers.forEach((r, i) => {
      if (!("userId" in r)) return;
      if (seen.has(r.userId))
        throw studioErrors.invalidApproval(
          "A member is named twice in one stage.",
          `stages.${s}.reviewers.${i}.userId`,
        );
      seen.add(r.userId);
      wanted.add(r.userId);
    });
  });
  if (wanted.size === 0) return;
  const rows = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(inArray(user.id, [...wanted]), isNull(user.deactivatedAt)));
  const found = new Set(rows.map((r) => r.id));
  for (const [s, stage] of input.stages.entries())
    for (const [i, r] of stage.reviewers.entries())
      if ("userId" in r && !found.has(r.userId))
        throw studioErrors.notFound("member of the team", `stages.${s}.reviewers.${i}.userId`);
}

/**
 * Makes a review request (editor and up): its items, stages and reviewers, a link per guest
 * reviewer (answered once, and emailed to them when it has an address), and tells the first stage's members. Its first stage starts at once.
 */
export async function createApproval(
  deps: ApprovalDeps,
  actor: Actor,
  input: ApprovalCreate,
  origin: string,
): Promise<{ approval: ApprovalView; guestLinks: GuestLink[] }> {
  requirePermission(actor, "organize");
  const links: MadeLink[] = [];
  const id = await deps.db.transaction(async (tx) => {
    const itemIds = await itemsOf(tx, input);
    await checkMembers(tx, input);
    const [row] = await tx
      .insert(approvalRequest)
      .values({
        title: input.title,
        boardId: input.boardId ?? null,
        dueAt: input.dueAt ? new Date(input.dueAt) : null,
        holdDownloads: input.holdDownloads,
        requestedBy: actor.id,
      })
      .returning({ id: approvalRequest.id });
    const requestId = (row as { id: string }).id;
    await tx.insert(approvalItem).values(itemIds.map((itemId) => ({ requestId, itemId })));
    for (const [position, stage] of input.stages.entries()) {
      const [made] = await tx
        .insert(approvalStage)
        .values({ requestId, position, name: stage.name })
        .returning({ id: approvalStage.id });
      const stageId = (made as { id: string }).id;
      for (const r of stage.reviewers) {
        if ("userId" in r) {
          await tx.insert(approvalReviewer).values({ requestId, stageId, userId: r.userId });
          continue;
        }
        const token = newApprovalToken();
        const [guest] = await tx
          .insert(approvalReviewer)
          .values({
            requestId,
            stageId,
            guestName: r.guestName,
            guestEmail: r.guestEmail ?? null,
            guestTokenHash: hashApprovalToken(token),
          })
          .returning({ id: approvalReviewer.id });
        links.push({
          reviewerId: (guest as { id: string }).id,
          name: r.guestName,
          url: approvalGuestUrl(origin, token),
          email: r.guestEmail ?? null,
        });
      }
    }
    await stageStarted(tx, deps, requestId, 0, actor.id);
    return requestId;
  });
  const guestLinks = await emailGuestLinks(deps.db, id, links);
  const approval = await approvalView(deps.db, id, actor);
  announce(deps, approval);
  return { approval, guestLinks };
}
