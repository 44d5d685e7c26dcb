import "server-only";
import { and, eq, sql } from "drizzle-orm";
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
  const [row] = await tx
    .select({ id: approvalReviewer.id })
    .from(approvalReviewer)
    .innerJoin(approvalStage, eq(approvalStage.id, approvalReviewer.stageId))
    .where(
      and(
        eq(approvalReviewer.requestId, request.id),
        eq(approvalStage.position, request.activeStage),
        "userId" in who ? eq(approvalReviewer.userId, who.userId) : eq(approvalReviewer.id, who.reviewerId),
      ),
    );
  if (!row) throw studioErrors.notYourStage();
  return row.id;
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
    .where(and(eq(approvalReviewer.requestId, request.id), eq(approvalStage.position, request.activeStage)));
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
    const now = new Date();
    let next: Decided = { requestId, status: "inReview", activeStage: request.activeStage };
    if (!approves(input.decision)) {
      next = { ...next, status: input.decision === "reject" ? "rejected" : "changesRequested" };
    } else if (await stageApproved(tx, request)) {
      const last = request.activeStage + 1 >= (await stageCount(tx, requestId));
      next = last ? { ...next, status: "approved" } : { ...next, activeStage: request.activeStage + 1 };
    }
    await tx
      .update(approvalRequest)
      .set({
        status: next.status,
        activeStage: next.activeStage,
        updatedAt: now,
        ...(next.status !== "inReview" ? { decidedAt: now } : {}),
      })
      .where(eq(approvalRequest.id, requestId));
    if (next.status !== "inReview") await requestDecided(tx, deps, request, next.status, actorId);
    else if (next.activeStage !== request.activeStage)
      await stageStarted(tx, deps, requestId, next.activeStage, actorId);
    return next;
  });
  announce(deps, { id: requestId, status: decided.status, activeStage: decided.activeStage + 1 });
  return decided;
}
