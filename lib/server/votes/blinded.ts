import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { outerColumn } from "@/lib/server/db/outer-column";
import { voteBallot, voteRound } from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a member asks to read that may label a vote's pictures. */
export type LabelledRead = { experimentId: string } | { itemId: string };

/**
 * The open vote whose ballot this member is partway through and whose pictures this read would
 * label (the vote's experiment, or a result in one of its pairs), or null. A ballot is partway from
 * when it is opened until every pair has a pick or the vote is closed.
 */
export async function ballotInProgress(
  db: StudioDatabase,
  userId: string,
  read: LabelledRead,
): Promise<string | null> {
  // A page's address may name anything: what is not an id labels nothing.
  if (!UUID.test("experimentId" in read ? read.experimentId : read.itemId)) return null;
  const [row] = await db
    .select({ id: voteRound.id })
    .from(voteBallot)
    .innerJoin(voteRound, eq(voteRound.id, voteBallot.roundId))
    .where(
      and(
        eq(voteBallot.userId, userId),
        eq(voteRound.status, "open"),
        "experimentId" in read
          ? eq(voteRound.experimentId, read.experimentId)
          : sql`exists (select 1 from vote_pair p where p.round_id = ${outerColumn(voteRound.id)} and (p.item_a = ${read.itemId} or p.item_b = ${read.itemId}))`,
        // Every pair answered on every criterion (a ranked four answers its six pairs).
        sql`(select count(*) from vote v where v.round_id = ${outerColumn(voteRound.id)} and v.user_id = ${userId}) < (select count(*) from vote_pair p where p.round_id = ${outerColumn(voteRound.id)}) * greatest(1, cardinality(${voteRound.criteria}))`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Refuses a read that would label the pictures of a ballot this member is partway through. */
export async function refuseWhileVoting(
  db: StudioDatabase,
  userId: string,
  read: LabelledRead,
): Promise<void> {
  if (await ballotInProgress(db, userId, read)) throw studioErrors.ballotInProgress();
}
