import "server-only";
import { sql } from "drizzle-orm";
import { logFor } from "@/lib/platform/logger";
import { approvalDigest } from "@/lib/server/db/schema";
import { notify } from "@/lib/server/notifications/notify";
import { dueText } from "@/lib/studio/approvals/approvals";
import {
  DEFAULT_DIGEST_SETTING,
  type DigestSetting,
  localClock,
  localMidnight,
} from "@/lib/studio/approvals/digest-time";
import { readDigestSetting } from "./digest-setting";
import type { ApprovalDeps } from "./types";

interface Due {
  userId: string;
  requestId: string;
  title: string;
  dueAt: Date | string;
}

/**
 * The day's reminder digest: for every member deciding in an active stage who has not decided,
 * one notification (inbox and, as they chose, email through the mail queue) listing each request
 * due by the end of tomorrow or overdue, days counted in the team's time zone. The team's local
 * day (in `setting.timeZone`) is claimed first, in the same transaction:
 * of the studios sharing the database, the one whose insert lands sends the digest, the others
 * find the row and skip, and a studio that dies mid-way rolls its claim back with its notices.
 */
export async function sendDailyDigest(
  deps: ApprovalDeps,
  now = new Date(),
  setting: DigestSetting = DEFAULT_DIGEST_SETTING,
): Promise<{ sent: boolean; reviewers: number }> {
  const { day } = localClock(now, setting.timeZone);
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(approvalDigest)
      .values({ day })
      .onConflictDoNothing()
      .returning({ day: approvalDigest.day });
    if (!claimed) return { sent: false, reviewers: 0 };
    const horizon = localMidnight(day, setting.timeZone, 2);
    const result = (await tx.execute(sql`
      select r.user_id as "userId", q.id as "requestId", q.title, q.due_at as "dueAt"
      from approval_request q
      join approval_stage s on s.request_id = q.id and s.position = q.active_stage
      join approval_reviewer r on r.stage_id = s.id and r.user_id is not null and r.removed_at is null
      where q.status = 'inReview' and q.due_at is not null and q.due_at < ${horizon.toISOString()}::timestamptz
        and not exists (select 1 from approval_decision d where d.reviewer_id = r.id and d.round = q.round)
      order by q.due_at, q.id`)) as unknown as { rows: Due[] };
    const byMember = new Map<string, Due[]>();
    for (const row of result.rows) byMember.set(row.userId, [...(byMember.get(row.userId) ?? []), row]);
    for (const [userId, due] of byMember) {
      const lines = due.map(
        (d) => `“${d.title}”: ${dueText(new Date(d.dueAt).toISOString(), now, true, setting.timeZone)}`,
      );
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

/**
 * One sweep: sends the team's digest when its hour has come in its time zone and nobody sent
 * today's (the team's today) yet.
 */
export async function digestSweep(
  deps: ApprovalDeps,
  now = new Date(),
): Promise<{ sent: boolean; reviewers: number }> {
  const setting = await readDigestSetting(deps.db);
  if (digestDay(now, setting) === null) return { sent: false, reviewers: 0 };
  return sendDailyDigest(deps, now, setting);
}

/** The team's day whose digest is due at `now`, or null while its hour has not come there yet. */
export function digestDay(now: Date, setting: DigestSetting): string | null {
  const clock = localClock(now, setting.timeZone);
  return clock.hour < setting.hour ? null : clock.day;
}

/** Looks every quarter hour whether the team's digest is due and not yet sent by any studio. */
export function startApprovalDigest(
  deps: ApprovalDeps,
  everyMs = 15 * 60_000,
  clock = () => new Date(),
): () => void {
  const run = () => {
    void digestSweep(deps, clock()).catch((err: unknown) =>
      logFor({ component: "approvals" }).error({ err }, "the approvals digest failed"),
    );
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
