import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { voteRound } from "@/lib/server/db/schema";
import { compareRuns } from "@/lib/server/eval-sets/runs";
import type { EvalComparison } from "@/lib/studio/api/eval-sets";
import type { RunVotes } from "@/lib/studio/api/votes";
import { voteResults } from "./results";

/** The set's closed votes read for the votes its runs received: the newest this many. */
export const RUN_VOTE_ROUNDS = 20;

/**
 * The votes each run of a set received: wins, losses and ties summed over the set's closed votes
 * (the newest 20), and the score and win chance from the newest closed vote that included it.
 * Open votes count for nothing here: their results stay hidden until they close.
 */
export async function runVotes(db: StudioDatabase, setId: string): Promise<Map<string, RunVotes>> {
  const rounds = await db
    .select()
    .from(voteRound)
    .where(and(eq(voteRound.evalSetId, setId), eq(voteRound.status, "closed")))
    .orderBy(desc(voteRound.closedAt), desc(voteRound.id))
    .limit(RUN_VOTE_ROUNDS);
  const out = new Map<string, RunVotes>();
  for (const round of rounds) {
    const results = await voteResults(db, round);
    for (const v of results.ranking?.variants ?? []) {
      if (!v.runId) continue;
      const seen = out.get(v.runId) ?? { rounds: 0, wins: 0, losses: 0, ties: 0, latest: null };
      seen.rounds += 1;
      seen.wins += v.wins;
      seen.losses += v.losses;
      seen.ties += v.ties;
      // Rounds come newest first: the first one seen is the newest.
      seen.latest ??= { roundId: round.id, roundName: round.name, score: v.score, winChance: v.winChance };
      out.set(v.runId, seen);
    }
  }
  return out;
}

/** A set's runs side by side (lib/server/eval-sets/runs.ts), each with the blind votes it received. */
export async function comparisonWithVotes(
  db: StudioDatabase,
  setId: string,
  runIds: string[],
): Promise<EvalComparison> {
  const { cases, runs } = await compareRuns(db, setId, runIds);
  const votes = runs.length === 0 ? new Map<string, RunVotes>() : await runVotes(db, setId);
  return { cases, runs: runs.map((run) => ({ ...run, votes: votes.get(run.id) ?? null })) };
}
