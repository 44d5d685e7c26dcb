import "server-only";
import { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { user, type VoteRoundRow, votePair, voteRound } from "@/lib/server/db/schema";
import type { Outcome } from "@/lib/server/experiments/actions";
import { experimentRow } from "@/lib/server/experiments/records";
import { experimentView } from "@/lib/server/experiments/view";
import { expandAxis } from "@/lib/studio/experiments/axes";
import { planPairs } from "@/lib/studio/experiments/vote-pairs";
import { MAX_ROUND_PAIRS, type RoundCreateInput, type RoundSummary } from "@/lib/studio/experiments/votes";

/** A list of rounds is short (a handful per experiment); past this many, the newest. */
export const MAX_LISTED_ROUNDS = 50;

export const roundNotFound = (): Outcome<never> => ({
  ok: false,
  status: 404,
  errors: [{ code: "roundNotFound", message: "There is no such vote.", parameter: "id" }],
});

export const roundClosed = (): Outcome<never> => ({
  ok: false,
  status: 409,
  errors: [
    { code: "roundClosed", message: "This vote is closed: its votes can no longer change.", parameter: "id" },
  ],
});

const refused = (message: string, parameter: string, status = 400): Outcome<never> => ({
  ok: false,
  status,
  errors: [{ code: "invalidRound", message, parameter }],
});

export const roundRefused = (message: string, parameter: string, status = 400): Outcome<never> =>
  refused(message, parameter, status);

/** Opens a round over values of one axis; its pairs are fixed now, from the cells with results. */
export async function createRound(
  db: StudioDatabase,
  experimentId: string,
  input: RoundCreateInput,
  createdBy: string,
): Promise<Outcome<VoteRoundRow>> {
  const view = await experimentView(db, experimentId);
  if (!view)
    return {
      ok: false,
      status: 404,
      errors: [{ code: "experimentNotFound", message: "There is no such experiment.", parameter: "id" }],
    };
  const axis = view.axes[input.axis];
  if (!axis) return refused("This experiment has no such axis.", "axis");
  const values = [...new Set(input.values ?? axis.labels.map((_, i) => i))].sort((a, b) => a - b);
  if (values.some((v) => v >= axis.labels.length)) return refused("That axis has no such value.", "values");
  if (values.length < 2) return refused("Pick two or more values to compare.", "values");
  const pairs = planPairs(
    view.cells.map((c) => ({ coords: c.coords, itemIds: c.items.map((i) => i.id) })),
    input.axis,
    values,
    view.axes.map((a) => a.labels),
  );
  if (pairs.length === 0)
    return refused(
      "No two of these values have results for the same other settings yet: wait for the cells to finish.",
      "values",
      409,
    );
  if (pairs.length > MAX_ROUND_PAIRS)
    return refused(
      `That makes ${pairs.length} pairs for each voter; pick fewer values (at most ${MAX_ROUND_PAIRS} pairs).`,
      "values",
    );
  const name = input.name || `Which ${axis.name.toLowerCase()} works best?`;
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
        createdBy,
      })
      .returning();
    if (!round) throw new Error("round not stored");
    for (let i = 0; i < pairs.length; i += 200)
      await tx.insert(votePair).values(pairs.slice(i, i + 200).map((p) => ({ ...p, roundId: round.id })));
    return round;
  });
  return { ok: true, value: row };
}

export async function roundRow(db: StudioDatabase, id: string): Promise<VoteRoundRow | null> {
  const [row] = await db.select().from(voteRound).where(eq(voteRound.id, id));
  return row ?? null;
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

/** The compared axis's name, from the experiment's axes ("Run" for a set's round). */
export async function axisNameOf(db: StudioDatabase, round: VoteRoundRow): Promise<string> {
  if (!round.experimentId) return round.evalSetId ? "Run" : "Result";
  return (await axisNames(db, round.experimentId))?.[round.axis] ?? "Variant";
}

/** Whose rounds to list: an experiment's (values of its axes) or an evaluation set's (its runs). */
export type RoundOwner = { experimentId: string } | { evalSetId: string } | { roundId: string };

/**
 * An experiment's or set's rounds, newest first, with their counts and the asking member's
 * progress. `axisNames` names an experiment's axes; a set's rounds compare runs.
 */
export async function listRounds(
  db: StudioDatabase,
  owner: RoundOwner,
  viewerId: string,
  axisNames: readonly string[] = ["Run"],
): Promise<RoundSummary[]> {
  const rows = await db
    .select({
      round: voteRound,
      creator: user.name,
      pairs: sql<number>`(select count(*)::int from vote_pair p where p.round_id = ${voteRound.id})`,
      votes: sql<number>`(select count(*)::int from vote v where v.round_id = ${voteRound.id})`,
      voters: sql<number>`(select count(distinct v.user_id)::int from vote v where v.round_id = ${voteRound.id})`,
      mine: sql<number>`(select count(*)::int from vote v where v.round_id = ${voteRound.id} and v.user_id = ${viewerId})`,
    })
    .from(voteRound)
    .leftJoin(user, eq(user.id, voteRound.createdBy))
    .where(
      "experimentId" in owner
        ? eq(voteRound.experimentId, owner.experimentId)
        : "evalSetId" in owner
          ? eq(voteRound.evalSetId, owner.evalSetId)
          : eq(voteRound.id, owner.roundId),
    )
    .orderBy(desc(voteRound.createdAt), desc(voteRound.id))
    .limit(MAX_LISTED_ROUNDS);
  return rows.map((r) => ({
    id: r.round.id,
    experimentId: r.round.experimentId,
    evalSetId: r.round.evalSetId,
    name: r.round.name,
    status: r.round.status,
    axisName: r.round.experimentId
      ? (axisNames[r.round.axis] ?? "Variant")
      : r.round.evalSetId
        ? "Run"
        : "Result",
    variantCount: r.round.variants.length,
    pairs: r.pairs,
    votes: r.votes,
    voters: r.voters,
    myVotes: r.mine,
    createdByName: r.creator ?? "Former member",
    createdAt: r.round.createdAt.toISOString(),
    closedAt: r.round.closedAt?.toISOString() ?? null,
  }));
}

/** Closes a round for good: votes stop, the ranking shows. Closing a closed round changes nothing. */
export async function closeRound(
  db: StudioDatabase,
  id: string,
  closedBy: string,
  now = new Date(),
): Promise<Outcome<VoteRoundRow>> {
  const [row] = await db
    .update(voteRound)
    .set({ status: "closed", closedAt: now, closedBy })
    .where(and(eq(voteRound.id, id), eq(voteRound.status, "open")))
    .returning();
  if (row) return { ok: true, value: row };
  const existing = await roundRow(db, id);
  return existing ? { ok: true, value: existing } : roundNotFound();
}
