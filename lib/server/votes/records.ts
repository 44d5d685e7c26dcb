import "server-only";
import { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { outerColumn } from "@/lib/server/db/outer-column";
import { user, type VoteRoundRow, votePair, voteRound } from "@/lib/server/db/schema";
import { experimentRow } from "@/lib/server/experiments/records";
import { experimentView } from "@/lib/server/experiments/view";
import { notify } from "@/lib/server/notifications/notify";
import { studioErrors } from "@/lib/studio/api/errors";
import type { VoteSummary } from "@/lib/studio/api/votes";
import { expandAxis } from "@/lib/studio/experiments/axes";
import { type ExperimentVoteInput, MAX_VOTE_PAIRS } from "@/lib/studio/votes/input";
import { planPairs } from "@/lib/studio/votes/vote-pairs";
import { questionsOf, storeFours } from "./questions";

/**
 * Blind votes as stored. The tables keep their first names (`vote_round` for a vote, `vote_pair`
 * and `vote` for its pairs and picks), so the schema and its migrations stay as they are.
 */

/** A list of votes is short (a handful per experiment); past this many, the newest. */
export const MAX_LISTED_VOTES = 50;

/** Opens a vote over values of one axis; its pairs are fixed now, from the cells with results. */
export async function createExperimentVote(
  db: StudioDatabase,
  experimentId: string,
  input: ExperimentVoteInput,
  createdBy: string,
): Promise<VoteRoundRow> {
  const view = await experimentView(db, experimentId);
  if (!view) throw studioErrors.experimentNotFound();
  const axis = view.axes[input.axis];
  if (!axis) throw studioErrors.invalidVote("This experiment has no such axis.", "axis");
  const values = [...new Set(input.values ?? axis.labels.map((_, i) => i))].sort((a, b) => a - b);
  if (values.some((v) => v >= axis.labels.length))
    throw studioErrors.invalidVote("That axis has no such value.", "values");
  if (values.length < 2) throw studioErrors.invalidVote("Pick two or more values to compare.", "values");
  const pairs = planPairs(
    view.cells.map((c) => ({ coords: c.coords, itemIds: c.items.map((i) => i.id) })),
    input.axis,
    values,
    view.axes.map((a) => a.labels),
  );
  checkPairCount(
    pairs.length,
    "values",
    "No two of these values have results for the same other settings yet: wait for the cells to finish.",
  );
  const name = input.name || `Which ${axis.name.toLowerCase()} works best?`;
  const questions = questionsOf(input, values.length, "values");
  const row = await db.transaction(async (tx) => {
    const [round] = await tx
      .insert(voteRound)
      .values({
        experimentId,
        name,
        axis: input.axis,
        variants: values,
        // Uncut: the ranking shows each value whole (wrapped or on hover).
        labels: values.map((v) => axis.titles[v] ?? `${v + 1}`),
        seed: randomBytes(16).toString("hex"),
        ...questions,
        createdBy,
      })
      .returning();
    if (!round) throw new Error("round not stored");
    for (let i = 0; i < pairs.length; i += 200)
      await tx.insert(votePair).values(pairs.slice(i, i + 200).map((p) => ({ ...p, roundId: round.id })));
    if (questions.format === "fours") await storeFours(tx, round.id);
    await notify(tx, { kind: "vote", round });
    return round;
  });
  return row;
}

export async function voteRow(db: StudioDatabase, id: string): Promise<VoteRoundRow | null> {
  const [row] = await db.select().from(voteRound).where(eq(voteRound.id, id));
  return row ?? null;
}

/** The vote of that id; throws `voteNotFound` when there is none. */
export async function existingVote(db: StudioDatabase, id: string): Promise<VoteRoundRow> {
  const row = await voteRow(db, id);
  if (!row) throw studioErrors.voteNotFound();
  return row;
}

/** An experiment's axis names ("Prompt", "Seed"), or null when there is no such experiment. */
export async function axisNames(db: StudioDatabase, experimentId: string): Promise<string[] | null> {
  const row = await experimentRow(db, experimentId);
  if (!row) return null;
  return row.axes.map((spec) => {
    const out = expandAxis(spec, row.base);
    return out.ok ? out.axis.name : "Variant";
  });
}

/** The compared axis's name, from the experiment's axes ("Run" for a set's vote). */
export async function axisNameOf(db: StudioDatabase, round: VoteRoundRow): Promise<string> {
  if (!round.experimentId) return round.evalSetId ? "Run" : "Result";
  return (await axisNames(db, round.experimentId))?.[round.axis] ?? "Variant";
}

/** Whose votes to list: an experiment's (values of its axes) or an evaluation set's (its runs). */
export type VoteOwner = { experimentId: string } | { evalSetId: string } | { voteId: string };

/**
 * An experiment's or set's votes, newest first, with their counts and the asking member's
 * progress. `axisNames` names an experiment's axes; a set's votes compare runs.
 */
export async function listVotes(
  db: StudioDatabase,
  owner: VoteOwner,
  viewerId: string,
  axisNames: readonly string[] = ["Run"],
): Promise<VoteSummary[]> {
  const rows = await db
    .select({
      round: voteRound,
      creator: user.name,
      pairs: sql<number>`(select count(*)::int from vote_pair p where p.round_id = ${outerColumn(voteRound.id)})`,
      votes: sql<number>`(select count(*)::int from vote v where v.round_id = ${outerColumn(voteRound.id)})`,
      voters: sql<number>`(select count(distinct v.user_id)::int from vote v where v.round_id = ${outerColumn(voteRound.id)})`,
      guestVotes: sql<number>`(select count(*)::int from guest_vote g where g.round_id = ${outerColumn(voteRound.id)})`,
      guestVoters: sql<number>`(select count(distinct g.ballot)::int from guest_vote g where g.round_id = ${outerColumn(voteRound.id)})`,
      // Members' and guests' answers alike: a guest's rank is kept under `guest:` and its ballot.
      rejectedSets: sql<number>`(select count(*)::int from vote_rank k where k.round_id = ${outerColumn(voteRound.id)} and k.rejected)`,
      // Pairs answered, counted on the first criterion: each pair once whatever the criteria.
      mine: sql<number>`(select count(*)::int from vote v where v.round_id = ${outerColumn(voteRound.id)} and v.user_id = ${viewerId} and v.criterion = 0)`,
    })
    .from(voteRound)
    .leftJoin(user, eq(user.id, voteRound.createdBy))
    .where(
      "experimentId" in owner
        ? eq(voteRound.experimentId, owner.experimentId)
        : "evalSetId" in owner
          ? eq(voteRound.evalSetId, owner.evalSetId)
          : eq(voteRound.id, owner.voteId),
    )
    .orderBy(desc(voteRound.createdAt), desc(voteRound.id))
    .limit(MAX_LISTED_VOTES);
  return rows.map((r) => ({
    id: r.round.id,
    experimentId: r.round.experimentId,
    evalSetId: r.round.evalSetId,
    name: r.round.name,
    status: r.round.status,
    criteria: r.round.criteria,
    format: r.round.format,
    axisName: r.round.experimentId
      ? (axisNames[r.round.axis] ?? "Variant")
      : r.round.evalSetId
        ? "Run"
        : "Result",
    variantCount: r.round.variants.length,
    pairs: r.pairs,
    votes: r.votes + r.guestVotes,
    rejectedSets: r.rejectedSets,
    voters: r.voters + r.guestVoters,
    guestVoters: r.guestVoters,
    myVotes: r.mine,
    createdByName: r.creator ?? "Former member",
    createdAt: r.round.createdAt.toISOString(),
    closedAt: r.round.closedAt?.toISOString() ?? null,
  }));
}

/** Closes a vote for good: votes stop, the ranking shows. Closing a closed vote changes nothing. */
export async function closeVote(
  db: StudioDatabase,
  id: string,
  closedBy: string,
  now = new Date(),
): Promise<VoteRoundRow> {
  const [row] = await db
    .update(voteRound)
    .set({ status: "closed", closedAt: now, closedBy })
    .where(and(eq(voteRound.id, id), eq(voteRound.status, "open")))
    .returning();
  if (row) return row;
  const existing = await voteRow(db, id);
  if (!existing) throw studioErrors.voteNotFound();
  return existing;
}

/**
 * A vote needs a pair to judge and no more pairs than a voter can get through: refused otherwise,
 * naming what was picked (`values`, `runs`); `none` says why nothing pairs up yet.
 */
export function checkPairCount(count: number, parameter: "values" | "runs", none: string): void {
  if (count === 0) throw studioErrors.invalidVote(none, parameter, 409);
  if (count > MAX_VOTE_PAIRS)
    throw studioErrors.invalidVote(
      `That makes ${count} pairs for each voter; pick fewer ${parameter} (at most ${MAX_VOTE_PAIRS} pairs).`,
      parameter,
    );
}
