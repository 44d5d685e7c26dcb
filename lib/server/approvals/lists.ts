import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { decodeCursor, encodeCursor } from "@/lib/server/db/cursor";
import { approvalRequest } from "@/lib/server/db/schema";
import type { ApprovalBadge, ApprovalStatus } from "@/lib/studio/approvals/approvals";
import type { ApprovalSummary } from "@/lib/studio/approvals/views";
import { type Actor, before } from "../items/actor";
import { summaries } from "./view";

export type ApprovalList = "toDecide" | "requested" | "all";

/** Requests awaiting the member's decision in their active stage (this round, not yet given). */
function awaitingMember(userId: string) {
  return sql`${approvalRequest.status} = 'inReview' and exists (
    select 1 from approval_reviewer r join approval_stage s on s.id = r.stage_id
    where r.request_id = ${approvalRequest.id} and s.position = ${approvalRequest.activeStage}
      and r.user_id = ${userId} and r.removed_at is null
      and not exists (select 1 from approval_decision d where d.reviewer_id = r.id and d.round = ${approvalRequest.round}))`;
}

export async function listApprovals(
  db: StudioDatabase,
  actor: Actor,
  query: { show: ApprovalList; cursor?: string | undefined; limit?: number },
): Promise<{ approvals: ApprovalSummary[]; nextCursor: string | null }> {
  const limit = query.limit ?? 50;
  const after = decodeCursor(query.cursor);
  const me = actor.id ?? "";
  const rows = await db
    .select()
    .from(approvalRequest)
    .where(
      and(
        after ? before(approvalRequest.createdAt, approvalRequest.id, after) : undefined,
        query.show === "toDecide" ? awaitingMember(me) : undefined,
        query.show === "requested" ? eq(approvalRequest.requestedBy, me) : undefined,
      ),
    )
    .orderBy(desc(approvalRequest.createdAt), desc(approvalRequest.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    approvals: await summaries(db, page, actor),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/** Each item's latest request that was not cancelled, as its card's badge reads it. */
export async function approvalBadges(
  db: StudioDatabase,
  now = new Date(),
): Promise<Record<string, ApprovalBadge>> {
  const result = (await db.execute(sql`
    select distinct on (ai.item_id) ai.item_id as "itemId", r.id as "requestId", r.status, r.active_stage as "activeStage",
      r.due_at as "dueAt",
      (select count(*)::int from approval_stage s where s.request_id = r.id) as "stageCount"
    from approval_item ai join approval_request r on r.id = ai.request_id
    where r.status <> 'cancelled'
    order by ai.item_id, r.created_at desc, r.id desc`)) as unknown as {
    rows: {
      itemId: string;
      requestId: string;
      status: ApprovalStatus;
      activeStage: number;
      dueAt: Date | string | null;
      stageCount: number;
    }[];
  };
  const out: Record<string, ApprovalBadge> = {};
  for (const r of result.rows) {
    const due = r.dueAt === null ? null : new Date(r.dueAt);
    out[r.itemId] = {
      requestId: r.requestId,
      status: r.status,
      stage: Number(r.activeStage) + 1,
      stageCount: Number(r.stageCount),
      overdue: r.status === "inReview" && due !== null && due.getTime() < now.getTime(),
    };
  }
  return out;
}
