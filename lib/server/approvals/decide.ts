import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import {
  type ApprovalRequestRow,
  approvalDecision,
  approvalRequest,
  approvalReviewer,
  approvalStage,
} from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import { type ApprovalStatus, approves, STATUS_LABELS } from "@/lib/studio/approvals/approvals";
import type { DecisionInput } from "@/lib/studio/approvals/inputs";
import { announce, requestDecided, stageStarted } from "./notices";
import type { ApprovalDeps, Decider } from "./types";

type Tx = Parameters<Parameters<ApprovalDeps["db"]["transaction"]>[0]>[0];

/**
 * The request's row, locked until the transaction ends: every decision, reopening and cancelling
 * of one request takes its turn here, so each reads the decisions committed before it and a stage
 * advances exactly once, however many studios share the database.
 */
export async function lockRequest(tx: Tx, id: string): Promise<ApprovalRequestRow> {
  const [row] = await tx.select().from(approvalRequest).where(eq(approvalRequest.id, id)).for("update");
  if (!row) throw studioErrors.approvalNotFound();
  return row;
}

/** The decider's reviewer row in the stage deciding now, or the refusal. */
async function reviewerNow(tx: Tx, request: ApprovalRequestRow, who: Decider): Promise<string> {
  if ("tokenHash" in who) await linkStillValid(tx, who);
  const [row] = await tx
    .select({ id: approvalReviewer.id })
    .from(approvalReviewer)
    .innerJoin(approvalStage, eq(approvalStage.id, approvalReviewer.stageId))
    .where(
      and(
        eq(approvalReviewer.requestId, request.id),
        eq(approvalStage.position, request.activeStage),
        isNull(approvalReviewer.removedAt),
        ...("userId" in who
          ? [eq(approvalReviewer.userId, who.userId)]
          : [eq(approvalReviewer.id, who.reviewerId), eq(approvalReviewer.guestTokenHash, who.tokenHash)]),
      ),
    );
  if (!row) throw studioErrors.notYourStage();
  return row.id;
}

/** A guest's link as it stands under the lock: withdrawn, or replaced by a newer one since. */
async function linkStillValid(tx: Tx, who: { reviewerId: string; tokenHash: string }): Promise<void> {
  const [row] = await tx
    .select({
      hash: approvalReviewer.guestTokenHash,
      revokedAt: approvalReviewer.linkRevokedAt,
      removedAt: approvalReviewer.removedAt,
    })
    .from(approvalReviewer)
    .where(eq(approvalReviewer.id, who.reviewerId));
  if (!row) throw studioErrors.approvalLinkGone();
  if (row.revokedAt || row.removedAt) throw studioErrors.approvalLinkWithdrawn();
  if (row.hash !== who.tokenHash) throw studioErrors.approvalLinkReplaced();
}

/** Whether every reviewer of the active stage approved in this round. */
async function stageApproved(tx: Tx, request: ApprovalRequestRow): Promise<boolean> {
  const [row] = await tx
    .select({
      reviewers: sql<number>`count(*)::int`,
      approved: sql<number>`count(${approvalDecision.reviewerId})::int`,
    })
    .from(approvalReviewer)
    .innerJoin(approvalStage, eq(approvalStage.id, approvalReviewer.stageId))
    .leftJoin(
      approvalDecision,
      and(
        eq(approvalDecision.reviewerId, approvalReviewer.id),
        eq(approvalDecision.round, request.round),
        sql`${approvalDecision.decision} in ('approve', 'approveWithChanges')`,
      ),
    )
    .where(
      and(
        eq(approvalReviewer.requestId, request.id),
        eq(approvalStage.position, request.activeStage),
        isNull(approvalReviewer.removedAt),
      ),
    );
  return row !== undefined && row.reviewers > 0 && row.reviewers === row.approved;
}

async function stageCount(tx: Tx, requestId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(approvalStage)
    .where(eq(approvalStage.requestId, requestId));
  return row?.n ?? 0;
}

export interface Decided {
  requestId: string;
  status: ApprovalStatus;
  /** 0-based. */
  activeStage: number;
}

/** Where the request goes when its active stage's reviewers all stand as they do now. */
async function outcomeNow(tx: Tx, request: ApprovalRequestRow): Promise<Decided> {
  const next: Decided = { requestId: request.id, status: "inReview", activeStage: request.activeStage };
  if (!(await stageApproved(tx, request))) return next;
  const last = request.activeStage + 1 >= (await stageCount(tx, request.id));
  return last ? { ...next, status: "approved" } : { ...next, activeStage: request.activeStage + 1 };
}

/** Writes where the request stands; the requester hears of its end, the next stage of its start. */
async function record(
  tx: Tx,
  deps: ApprovalDeps,
  request: ApprovalRequestRow,
  next: Decided,
  actorId: string | null,
): Promise<void> {
  const now = new Date();
  await tx
    .update(approvalRequest)
    .set({
      status: next.status,
      activeStage: next.activeStage,
      updatedAt: now,
      ...(next.status !== "inReview" ? { decidedAt: now } : {}),
    })
    .where(eq(approvalRequest.id, request.id));
  if (next.status !== "inReview") await requestDecided(tx, deps, request, next.status, actorId);
  else if (next.activeStage !== request.activeStage)
    await stageStarted(tx, deps, request.id, next.activeStage, actorId);
}

/**
 * The active stage's outcome computed again, under the request's lock, after its reviewers
 * changed: once every reviewer left has approved, the next stage starts (or the request is
 * approved after the last one), exactly as the last approval would have done it.
 */
export async function settleStage(
  tx: Tx,
  deps: ApprovalDeps,
  request: ApprovalRequestRow,
  actorId: string | null,
): Promise<Decided> {
  const next = await outcomeNow(tx, request);
  if (next.status !== request.status || next.activeStage !== request.activeStage)
    await record(tx, deps, request, next, actorId);
  return next;
}

/**
 * A reviewer of the active stage decides, once per round. A refusal (reject, changes requested)
 * stops the request at this stage; the stage's last approval starts the next stage, or approves
 * the request after the last one. The requester hears of the end, the next stage of its start.
 */
export async function decide(
  deps: ApprovalDeps,
  who: Decider,
  requestId: string,
  input: DecisionInput,
  actorId: string | null,
): Promise<Decided> {
  const decided = await deps.db.transaction(async (tx) => {
    const request = await lockRequest(tx, requestId);
    if (request.status !== "inReview") throw studioErrors.approvalNotOpen(STATUS_LABELS[request.status]);
    const reviewerId = await reviewerNow(tx, request, who);
    const [taken] = await tx
      .insert(approvalDecision)
      .values({ reviewerId, round: request.round, requestId, decision: input.decision, note: input.note })
      .onConflictDoNothing()
      .returning({ reviewerId: approvalDecision.reviewerId });
    if (!taken) throw studioErrors.alreadyDecided();
    const next: Decided = approves(input.decision)
      ? await outcomeNow(tx, request)
      : {
          requestId,
          status: input.decision === "reject" ? "rejected" : "changesRequested",
          activeStage: request.activeStage,
        };
    await record(tx, deps, request, next, actorId);
    return next;
  });
  announce(deps, { id: requestId, status: decided.status, activeStage: decided.activeStage + 1 });
  return decided;
}
