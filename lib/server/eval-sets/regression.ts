import "server-only";
import { and, desc, eq, inArray, lt, or } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { evalRun, guestVote, type VotePick, vote, votePair, voteRound } from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import type { Regression, RegressionRow } from "@/lib/studio/api/eval-set-regression";
import type { CaseResult } from "@/lib/studio/api/eval-sets";
import { preferenceFrom, verdictOf } from "@/lib/studio/eval-sets/regression";
import { type RankedPick, rankPicks } from "@/lib/studio/votes/pick-ranking";
import { baselineOf } from "./baseline";
import { existingEvalSet } from "./records";
import { compareRuns } from "./runs";

/**
 * A run against a baseline, case by case (lib/studio/eval-sets/regression.ts says how a case is
 * judged). The votes are those cast on the case's two results in the set's closed votes, whichever
 * runs each vote held: an open vote's picks stay hidden until it closes, as everywhere else.
 */

/** A pick on a pair of the set's results, in one of its closed votes: whose, and on which two. */
interface SetPick {
  pairId: string;
  itemA: string;
  itemB: string;
  pick: VotePick;
  voter: string;
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/**
 * The picks on pairs between these results, in the set's closed votes: the team's and the guests',
 * on each vote's first criterion (the one its overall ranking stands on). "Both bad" comes too:
 * what it counts for is the ranking's to say.
 */
async function picksOn(db: StudioDatabase, setId: string, itemIds: string[]): Promise<SetPick[]> {
  if (itemIds.length === 0) return [];
  const where = and(
    eq(voteRound.evalSetId, setId),
    eq(voteRound.status, "closed"),
    inArray(votePair.itemA, itemIds),
    inArray(votePair.itemB, itemIds),
  );
  const pair = { pairId: votePair.id, itemA: votePair.itemA, itemB: votePair.itemB };
  const [team, guests] = await Promise.all([
    db
      .select({ ...pair, pick: vote.pick, voter: vote.userId })
      .from(vote)
      .innerJoin(votePair, eq(votePair.id, vote.pairId))
      .innerJoin(voteRound, eq(voteRound.id, vote.roundId))
      .where(and(where, eq(vote.criterion, 0))),
    db
      .select({ ...pair, pick: guestVote.pick, voter: guestVote.ballot })
      .from(guestVote)
      .innerJoin(votePair, eq(votePair.id, guestVote.pairId))
      .innerJoin(voteRound, eq(voteRound.id, guestVote.roundId))
      .where(and(where, eq(guestVote.criterion, 0))),
  ]);
  return [...team, ...guests.map((g) => ({ ...g, voter: `guest:${g.voter}` }))];
}

/**
 * The case's preference: the vote ranking's own reading of the picks on its two results (the
 * baseline's variant 0, the run's 1), so that a case and the ranking of a vote over the same two
 * runs never part.
 */
function casePreference(baselineId: string, runId: string, picks: readonly SetPick[]) {
  const key = pairKey(baselineId, runId);
  const mine: RankedPick[] = picks
    .filter((p) => pairKey(p.itemA, p.itemB) === key)
    .map((p) => ({
      pairId: p.pairId,
      voter: p.voter,
      pick: p.pick,
      a: p.itemA === runId ? 1 : 0,
      b: p.itemB === runId ? 1 : 0,
    }));
  if (mine.every((p) => p.pick === "bad")) return null;
  const run = rankPicks(2, mine).variants.find((v) => v.id === "1");
  return run ? preferenceFrom(run) : null;
}

/** One case: both results, the rating change, and the votes between the two results. */
export function regressionRow(
  index: number,
  c: { prompt: string; seed: number; negativePrompt?: string | undefined },
  baseline: CaseResult | null,
  run: CaseResult | null,
  picks: readonly SetPick[],
): RegressionRow {
  const b = baseline?.item ?? null;
  const r = run?.item ?? null;
  const ratingChange =
    b && r && b.ratingAvg !== null && r.ratingAvg !== null && b.ratingCount > 0 && r.ratingCount > 0
      ? r.ratingAvg - b.ratingAvg
      : null;
  const preference = b && r && b.id !== r.id ? casePreference(b.id, r.id, picks) : null;
  return {
    index,
    prompt: c.prompt,
    seed: c.seed,
    ...(c.negativePrompt ? { negativePrompt: c.negativePrompt } : {}),
    baseline,
    run,
    ratingChange,
    preference,
    verdict: verdictOf(preference),
  };
}

/** The run made just before `runId` in the same set, if any. */
async function runBefore(db: StudioDatabase, setId: string, runId: string): Promise<string | null> {
  const [me] = await db.select({ createdAt: evalRun.createdAt }).from(evalRun).where(eq(evalRun.id, runId));
  if (!me) return null;
  const [prev] = await db
    .select({ id: evalRun.id })
    .from(evalRun)
    .where(
      and(
        eq(evalRun.setId, setId),
        or(
          lt(evalRun.createdAt, me.createdAt),
          and(eq(evalRun.createdAt, me.createdAt), lt(evalRun.id, runId)),
        ),
      ),
    )
    .orderBy(desc(evalRun.createdAt), desc(evalRun.id))
    .limit(1);
  return prev?.id ?? null;
}

export async function regression(
  db: StudioDatabase,
  setId: string,
  query: { run: string; baseline?: string | undefined },
): Promise<Regression> {
  const set = await existingEvalSet(db, setId);
  const runId = query.run.toLowerCase();
  const own = await baselineOf(db, set);
  const baselineId = query.baseline?.toLowerCase() ?? own.runId;
  if (!baselineId)
    throw studioErrors.notFound(
      "baseline: pick one of the set's runs, or wait for a run to finish",
      "baseline",
    );
  if (baselineId === runId)
    throw studioErrors.invalidBody("Compare the run with another run than itself.", "baseline");
  const members = await db
    .select({ id: evalRun.id })
    .from(evalRun)
    .where(and(eq(evalRun.setId, setId), inArray(evalRun.id, [runId, baselineId])));
  const found = new Set(members.map((m) => m.id));
  if (!found.has(runId)) throw studioErrors.notFound("run of this evaluation set", "run");
  if (!found.has(baselineId)) throw studioErrors.notFound("run of this evaluation set", "baseline");
  const [{ cases, runs }, previousRunId] = await Promise.all([
    compareRuns(db, setId, [baselineId, runId]),
    runBefore(db, setId, runId),
  ]);
  const [base, run] = runs;
  if (!base || !run) throw studioErrors.notFound("run of this evaluation set", base ? "run" : "baseline");
  const itemIds = [...base.results, ...run.results].flatMap((r) => (r?.item ? [r.item.id] : []));
  const picks = await picksOn(db, setId, itemIds);
  const { results: baseResults, ...baseline } = base;
  const { results: runResults, ...current } = run;
  return {
    setId,
    setName: set.name,
    baseline,
    run: current,
    setBaselineRunId: own.runId,
    previousRunId,
    rows: cases.map((c, i) => regressionRow(i, c, baseResults[i] ?? null, runResults[i] ?? null, picks)),
  };
}
