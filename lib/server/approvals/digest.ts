import "server-only";
import { sql } from "drizzle-orm";
import { logFor } from "@/lib/platform/logger";
import { approvalDigest } from "@/lib/server/db/schema";
import { notify } from "@/lib/server/notifications/notify";
import { dueText } from "@/lib/studio/approvals/approvals";
import type { ApprovalDeps } from "./types";

/** The digest goes out at this hour (UTC) or at the first sweep after it. */
export const DIGEST_HOUR_UTC = 8;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Due {
  userId: string;
  requestId: string;
  title: string;
  dueAt: Date | string;
}

/**
 * The day's reminder digest: for every member deciding in an active stage who has not decided,
 * one notification (inbox and, as they chose, email through the mail queue) listing each request
 * due by the end of tomorrow or overdue. The day's row is claimed first, in the same transaction:
 * of the studios sharing the database, the one whose insert lands sends the digest, the others
 * find the row and skip, and a studio that dies mid-way rolls its claim back with its notices.
 */
export async function sendDailyDigest(
  deps: ApprovalDeps,
  now = new Date(),
): Promise<{ sent: boolean; reviewers: number }> {
  const day = now.toISOString().slice(0, 10);
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(approvalDigest)
      .values({ day })
      .onConflictDoNothing()
      .returning({ day: approvalDigest.day });
    if (!claimed) return { sent: false, reviewers: 0 };
    const horizon = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + 2 * DAY_MS,
    );
    const result = (await tx.execute(sql`
      select r.user_id as "userId", q.id as "requestId", q.title, q.due_at as "dueAt"
      from approval_request q
      join approval_stage s on s.request_id = q.id and s.position = q.active_stage
      join approval_reviewer r on r.stage_id = s.id and r.user_id is not null
      where q.status = 'inReview' and q.due_at is not null and q.due_at < ${horizon.toISOString()}::timestamptz
        and not exists (select 1 from approval_decision d where d.reviewer_id = r.id and d.round = q.round)
      order by q.due_at, q.id`)) as unknown as { rows: Due[] };
    const byMember = new Map<string, Due[]>();
    for (const row of result.rows) byMember.set(row.userId, [...(byMember.get(row.userId) ?? []), row]);
    for (const [userId, due] of byMember) {
      const lines = due.map((d) => `“${d.title}”: ${dueText(new Date(d.dueAt).toISOString(), now)}`);
      await notify(
        tx,
        {
          kind: "approval",
          actorId: null,
          userIds: [userId],
          detail: { approval: "digest", lines, href: "/approvals?show=toDecide" },
        },
        deps.log,
      );
    }
    await tx
      .update(approvalDigest)
      .set({ reviewers: byMember.size })
      .where(sql`${approvalDigest.day} = ${day}`);
    return { sent: true, reviewers: byMember.size };
  });
}

/** Looks every quarter hour whether today's digest is due and not yet sent by any studio. */
export function startApprovalDigest(
  deps: ApprovalDeps,
  everyMs = 15 * 60_000,
  clock = () => new Date(),
): () => void {
  const run = () => {
    const now = clock();
    if (now.getUTCHours() < DIGEST_HOUR_UTC) return;
    void sendDailyDigest(deps, now).catch((err: unknown) =>
      logFor({ component: "approvals" }).error({ err }, "the approvals digest failed"),
    );
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
