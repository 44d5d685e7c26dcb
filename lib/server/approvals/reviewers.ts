import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import {
  type ApprovalRequestRow,
  approvalDecision,
  approvalReviewer,
  approvalStage,
  user,
} from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import { STATUS_LABELS } from "@/lib/studio/approvals/approvals";
import type { NewReviewer } from "@/lib/studio/approvals/inputs";
import type { ApprovalView, GuestLink } from "@/lib/studio/approvals/views";
import type { Actor } from "../items/actor";
import { lockRequest, settleStage } from "./decide";
import { emailGuestLinks, type MadeLink } from "./guest-mail";
import { approvalGuestUrl, hashApprovalToken, newApprovalToken } from "./guest-token";
import { announce, reviewerRemoved, stageStarted } from "./notices";
import type { ApprovalDeps } from "./types";
import { approvalView, mayEdit } from "./view";

/**
 * Who must decide, changed after the request was made, by its requester or an owner: a reviewer
 * taken off a stage that has not decided, another added, or one put in another's place. Each
 * change takes the request's lock, so it and a decision sent at the same moment take turns.
 */

type Tx = Parameters<Parameters<ApprovalDeps["db"]["transaction"]>[0]>[0];

/** The request, locked, if the actor may change it and it is still deciding. */
async function openForChange(tx: Tx, actor: Actor, id: string): Promise<ApprovalRequestRow> {
  const request = await lockRequest(tx, id);
  if (!mayEdit(request, actor)) throw studioErrors.approvalNotYours();
  if (request.status !== "inReview") throw studioErrors.approvalNotOpen(STATUS_LABELS[request.status]);
  return request;
}

interface ReviewerRow {
  id: string;
  stageId: string;
  position: number;
  userId: string | null;
  name: string;
}

/** A reviewer still on the request; removed ones and other requests' are the same 404. */
async function reviewerOf(tx: Tx, requestId: string, reviewerId: string): Promise<ReviewerRow> {
  const [row] = await tx
    .select({
      id: approvalReviewer.id,
      stageId: approvalReviewer.stageId,
      position: approvalStage.position,
      userId: approvalReviewer.userId,
      userName: user.name,
      guestName: approvalReviewer.guestName,
    })
    .from(approvalReviewer)
    .innerJoin(approvalStage, eq(approvalStage.id, approvalReviewer.stageId))
    .leftJoin(user, eq(user.id, approvalReviewer.userId))
    .where(
      and(
        eq(approvalReviewer.id, reviewerId),
        eq(approvalReviewer.requestId, requestId),
        isNull(approvalReviewer.removedAt),
      ),
    );
  if (!row) throw studioErrors.reviewerNotFound();
  const name = row.userId ? (row.userName ?? "This former member") : (row.guestName ?? "This guest");
  return { id: row.id, stageId: row.stageId, position: row.position, userId: row.userId, name };
}

/** A reviewer may leave only a stage that has not decided, and only before deciding in it. */
async function checkRemovable(tx: Tx, request: ApprovalRequestRow, reviewer: ReviewerRow): Promise<void> {
  if (reviewer.position < request.activeStage) throw studioErrors.stageDecided("reviewerId");
  const [decided] = await tx
    .select({ reviewerId: approvalDecision.reviewerId })
    .from(approvalDecision)
    .where(and(eq(approvalDecision.reviewerId, reviewer.id), eq(approvalDecision.round, request.round)));
  if (decided) throw studioErrors.reviewerDecided(reviewer.name);
}

/** The row stays for the earlier rounds' decisions that name it; its link stops at once. */
async function takeOff(tx: Tx, deps: ApprovalDeps, request: ApprovalRequestRow, reviewer: ReviewerRow) {
  await tx
    .update(approvalReviewer)
    .set({ removedAt: new Date() })
    .where(eq(approvalReviewer.id, reviewer.id));
  if (reviewer.userId) await reviewerRemoved(tx, deps, request.id, reviewer.userId);
}

/**
 * Puts a reviewer on a stage; a member hears of it when the stage is deciding now, a guest gets
 * a new link (answered once, and emailed to them once the change is stored, when it has an address).
 */
async function putOn(
  tx: Tx,
  deps: ApprovalDeps,
  actor: Actor,
  request: ApprovalRequestRow,
  stage: { id: string; position: number },
  who: NewReviewer,
  origin: string,
): Promise<MadeLink | null> {
  if ("userId" in who) {
    const [member] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.id, who.userId), isNull(user.deactivatedAt)));
    if (!member) throw studioErrors.notFound("member of the team", "reviewer.userId");
    const [twice] = await tx
      .select({ id: approvalReviewer.id })
      .from(approvalReviewer)
      .where(
        and(
          eq(approvalReviewer.stageId, stage.id),
          eq(approvalReviewer.userId, who.userId),
          isNull(approvalReviewer.removedAt),
        ),
      );
    if (twice)
      throw studioErrors.invalidApproval(
        "This member is already a reviewer of this stage.",
        "reviewer.userId",
      );
    await tx
      .insert(approvalReviewer)
      .values({ requestId: request.id, stageId: stage.id, userId: who.userId });
    if (stage.position === request.activeStage)
      await stageStarted(tx, deps, request.id, stage.position, actor.id, who.userId);
    return null;
  }
  const token = newApprovalToken();
  const [guest] = await tx
    .insert(approvalReviewer)
    .values({
      requestId: request.id,
      stageId: stage.id,
      guestName: who.guestName,
      guestEmail: who.guestEmail ?? null,
      guestTokenHash: hashApprovalToken(token),
    })
    .returning({ id: approvalReviewer.id });
  return {
    reviewerId: (guest as { id: string }).id,
    name: who.guestName,
    url: approvalGuestUrl(origin, token),
    email: who.guestEmail ?? null,
  };
}

async function reviewersLeft(tx: Tx, stageId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(approvalReviewer)
    .where(and(eq(approvalReviewer.stageId, stageId), isNull(approvalReviewer.removedAt)));
  return row?.n ?? 0;
}

async function answer(deps: ApprovalDeps, actor: Actor, id: string): Promise<ApprovalView> {
  const view = await approvalView(deps.db, id, actor);
  announce(deps, view);
  return view;
}

/**
 * Takes a reviewer off a stage that has not decided. When they were the one the active stage
 * still waited on, the stage's outcome is computed again at once, and may start the next stage.
 */
export async function removeReviewer(
  deps: ApprovalDeps,
  actor: Actor,
  id: string,
  reviewerId: string,
): Promise<ApprovalView> {
  await deps.db.transaction(async (tx) => {
    const request = await openForChange(tx, actor, id);
    const reviewer = await reviewerOf(tx, id, reviewerId);
    await checkRemovable(tx, request, reviewer);
    if ((await reviewersLeft(tx, reviewer.stageId)) <= 1) throw studioErrors.lastReviewer();
    await takeOff(tx, deps, request, reviewer);
    if (reviewer.position === request.activeStage) await settleStage(tx, deps, request, actor.id);
  });
  return answer(deps, actor, id);
}

/** Adds a member or a guest to a stage that has not decided (1-based `stage`). */
export async function addReviewer(
  deps: ApprovalDeps,
  actor: Actor,
  id: string,
  input: { stage: number; reviewer: NewReviewer },
  origin: string,
): Promise<{ approval: ApprovalView; guestLinks: GuestLink[] }> {
  const link = await deps.db.transaction(async (tx) => {
    const request = await openForChange(tx, actor, id);
    const [stage] = await tx
      .select({ id: approvalStage.id, position: approvalStage.position })
      .from(approvalStage)
      .where(and(eq(approvalStage.requestId, id), eq(approvalStage.position, input.stage - 1)));
    if (!stage) throw studioErrors.invalidApproval(`This request has no stage ${input.stage}.`, "stage");
    if (stage.position < request.activeStage) throw studioErrors.stageDecided("stage");
    return putOn(tx, deps, actor, request, stage, input.reviewer, origin);
  });
  const guestLinks = await emailGuestLinks(deps.db, id, link ? [link] : []);
  return { approval: await answer(deps, actor, id), guestLinks };
}

/** Puts another member or guest in a reviewer's place, in the same stage, as one change. */
export async function replaceReviewer(
  deps: ApprovalDeps,
  actor: Actor,
  id: string,
  reviewerId: string,
  input: { reviewer: NewReviewer },
  origin: string,
): Promise<{ approval: ApprovalView; guestLinks: GuestLink[] }> {
  const link = await deps.db.transaction(async (tx) => {
    const request = await openForChange(tx, actor, id);
    const reviewer = await reviewerOf(tx, id, reviewerId);
    await checkRemovable(tx, request, reviewer);
    await takeOff(tx, deps, request, reviewer);
    const stage = { id: reviewer.stageId, position: reviewer.position };
    return putOn(tx, deps, actor, request, stage, input.reviewer, origin);
  });
  const guestLinks = await emailGuestLinks(deps.db, id, link ? [link] : []);
  return { approval: await answer(deps, actor, id), guestLinks };
}
