import "server-only";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import {
  type ApprovalRequestRow,
  approvalDecision,
  approvalItem,
  approvalRequest,
  approvalReviewer,
  approvalStage,
  board,
  item,
  user,
} from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import { thumbUrl } from "@/lib/studio/api/gallery-urls";
import type { ApprovalDecision } from "@/lib/studio/approvals/approvals";
import type { ApprovalSummary, ApprovalView, ReviewerView, StageView } from "@/lib/studio/approvals/views";
import { can } from "@/lib/studio/roles";
import type { Actor } from "../items/actor";

/** The reviewers of some requests with this round's decision each, in stage order. */
export async function reviewersOf(db: StudioDatabase, requests: readonly ApprovalRequestRow[]) {
  if (requests.length === 0) return [];
  const rows = await db
    .select({
      id: approvalReviewer.id,
      requestId: approvalReviewer.requestId,
      position: approvalStage.position,
      stageName: approvalStage.name,
      userId: approvalReviewer.userId,
      userName: user.name,
      guestName: approvalReviewer.guestName,
      guestEmail: approvalReviewer.guestEmail,
      linkRevokedAt: approvalReviewer.linkRevokedAt,
    })
    .from(approvalReviewer)
    .innerJoin(approvalStage, eq(approvalStage.id, approvalReviewer.stageId))
    .leftJoin(user, eq(user.id, approvalReviewer.userId))
    .where(
      and(
        inArray(
          approvalReviewer.requestId,
          requests.map((r) => r.id),
        ),
        isNull(approvalReviewer.removedAt),
      ),
    )
    .orderBy(asc(approvalStage.position), asc(approvalReviewer.id));
  const decisions = await db
    .select()
    .from(approvalDecision)
    .where(
      inArray(
        approvalDecision.requestId,
        requests.map((r) => r.id),
      ),
    );
  const roundOf = new Map(requests.map((r) => [r.id, r.round]));
  const current = new Map(
    decisions.filter((d) => roundOf.get(d.requestId) === d.round).map((d) => [d.reviewerId, d]),
  );
  return rows.map((r) => ({ ...r, decision: current.get(r.id) ?? null }));
}

type ReviewerRow = Awaited<ReturnType<typeof reviewersOf>>[number];

function stageState(request: ApprovalRequestRow, position: number): StageView["state"] {
  if (request.status === "approved" || position < request.activeStage) return "approved";
  if (position > request.activeStage) return "waiting";
  return request.status === "inReview" ? "active" : "stopped";
}

function reviewerView(r: ReviewerRow, viewer: Actor | null): ReviewerView {
  return {
    id: r.id,
    kind: r.userId ? "member" : "guest",
    userId: r.userId,
    name: r.userId ? (r.userName ?? "Former member") : `${r.guestName ?? "Guest"} (guest)`,
    decision: (r.decision?.decision ?? null) as ApprovalDecision | null,
    note: r.decision?.note ?? "",
    decidedAt: r.decision?.decidedAt.toISOString() ?? null,
    isYou: viewer !== null && r.userId !== null && r.userId === viewer.id,
    email: r.userId ? null : r.guestEmail,
    link: r.userId ? null : r.linkRevokedAt ? "withdrawn" : "active",
  };
}

/** Whether `viewer` is a reviewer of the request's active stage who has not decided this round. */
function awaits(request: ApprovalRequestRow, reviewers: readonly ReviewerRow[], viewer: Actor | null) {
  if (!viewer?.id || request.status !== "inReview") return false;
  return reviewers.some(
    (r) =>
      r.requestId === request.id &&
      r.position === request.activeStage &&
      r.userId === viewer.id &&
      r.decision === null,
  );
}

/** Requests as the lists show them, in the order given. */
export async function summaries(
  db: StudioDatabase,
  requests: readonly ApprovalRequestRow[],
  viewer: Actor | null,
): Promise<ApprovalSummary[]> {
  if (requests.length === 0) return [];
  const reviewers = await reviewersOf(db, requests);
  return summariesWith(
    db,
    requests,
    reviewers,
    viewer,
    requests.map((r) => r.id),
  );
}

async function summariesWith(
  db: StudioDatabase,
  requests: readonly ApprovalRequestRow[],
  reviewers: readonly ReviewerRow[],
  viewer: Actor | null,
  ids: string[],
): Promise<ApprovalSummary[]> {
  const requesters = requests.flatMap((r) => (r.requestedBy ? [r.requestedBy] : []));
  const names =
    requesters.length > 0
      ? await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, requesters))
      : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const boardIds = requests.flatMap((r) => (r.boardId ? [r.boardId] : []));
  const boards =
    boardIds.length > 0
      ? await db.select({ id: board.id, name: board.name }).from(board).where(inArray(board.id, boardIds))
      : [];
  const boardName = new Map(boards.map((b) => [b.id, b.name]));
  const counts = await db
    .select({ requestId: approvalItem.requestId, itemId: approvalItem.itemId })
    .from(approvalItem)
    .where(inArray(approvalItem.requestId, ids));
  const countOf = new Map<string, number>();
  for (const c of counts) countOf.set(c.requestId, (countOf.get(c.requestId) ?? 0) + 1);
  const stagesOf = await db
    .select({ requestId: approvalStage.requestId, position: approvalStage.position })
    .from(approvalStage)
    .where(inArray(approvalStage.requestId, ids));
  const stageCount = new Map<string, number>();
  for (const s of stagesOf) stageCount.set(s.requestId, (stageCount.get(s.requestId) ?? 0) + 1);
  return requests.map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status,
    activeStage: r.activeStage + 1,
    stageCount: stageCount.get(r.id) ?? 0,
    round: r.round,
    dueAt: r.dueAt?.toISOString() ?? null,
    holdDownloads: r.holdDownloads,
    boardId: r.boardId,
    boardName: r.boardId ? (boardName.get(r.boardId) ?? null) : null,
    itemCount: countOf.get(r.id) ?? 0,
    requestedBy: r.requestedBy
      ? { id: r.requestedBy, name: nameOf.get(r.requestedBy) ?? "Former member" }
      : null,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    awaitsYou: awaits(r, reviewers, viewer),
  }));
}

export async function requestRow(db: StudioDatabase, id: string): Promise<ApprovalRequestRow> {
  const [row] = await db.select().from(approvalRequest).where(eq(approvalRequest.id, id));
  if (!row) throw studioErrors.approvalNotFound();
  return row;
}

/** The requester or an owner. */
export function mayEdit(request: ApprovalRequestRow, actor: Actor): boolean {
  return (actor.id !== null && request.requestedBy === actor.id) || can(actor.role, "manage");
}

/** One request whole: its stages with each reviewer's decision and time, and its items. */
export async function approvalView(db: StudioDatabase, id: string, viewer: Actor): Promise<ApprovalView> {
  const request = await requestRow(db, id);
  const reviewers = await reviewersOf(db, [request]);
  const [summary] = await summariesWith(db, [request], reviewers, viewer, [id]);
  const stageRows = await db
    .select()
    .from(approvalStage)
    .where(eq(approvalStage.requestId, id))
    .orderBy(asc(approvalStage.position));
  const items = await db
    .select({ id: item.id, kind: item.kind, prompt: item.prompt })
    .from(approvalItem)
    .innerJoin(item, eq(item.id, approvalItem.itemId))
    .where(and(eq(approvalItem.requestId, id)))
    .orderBy(asc(item.createdAt), asc(item.id));
  return {
    ...(summary as ApprovalSummary),
    stages: stageRows.map((s) => ({
      position: s.position + 1,
      name: s.name,
      state: stageState(request, s.position),
      reviewers: reviewers.filter((r) => r.position === s.position).map((r) => reviewerView(r, viewer)),
    })),
    items: items.map((i) => ({ id: i.id, kind: i.kind, prompt: i.prompt, thumbUrl: thumbUrl(i.id, 320) })),
    canEdit: mayEdit(request, viewer),
  };
}
