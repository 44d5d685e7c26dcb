import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { voteRound } from "@/lib/server/db/schema";
import type { RunVotes } from "@/lib/studio/experiments/votes";
import { roundResults } from "./results";

/** The set's closed rounds read for the votes its runs received: the newest this many. */
export const RUN_VOTE_ROUNDS = 20;

/**
 * The votes each run of a set received: wins, losses and ties summed over the set's closed rounds
 * (the newest 20), and the score and win chance from the newest closed round that included it.
 * Open rounds count for nothing here: their results stay hidden until they close.
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
    const results = await roundResults(db, round);
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
