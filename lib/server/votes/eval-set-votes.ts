import "server-only";
import { randomBytes } from "node:crypto";
import type { StudioDatabase } from "@/lib/server/db";
import { type VoteRoundRow, votePair, voteRound } from "@/lib/server/db/schema";
import { compareRuns } from "@/lib/server/eval-sets/runs";
import { notify } from "@/lib/server/notifications/notify";
import { studioErrors } from "@/lib/studio/api/errors";
import type { EvalSetVoteInput } from "@/lib/studio/votes/input";
import type { PlannedPair } from "@/lib/studio/votes/vote-pairs";
import { questionsOf, storeFours } from "./questions";
import { checkPairCount } from "./records";

/** A case's words in a pair's context (shown once the vote is closed). */
const CONTEXT_PROMPT_CHARS = 60;

/**
 * The pairs of a vote over runs of a set: for each case of the set, each two of the runs whose
 * result for that case exists (the case's first result in each run, matched by prompt, seed and
 * negative prompt as the side by side matches them).
 */
export function planRunPairs(
  cases: readonly { prompt: string; seed: number }[],
  results: readonly (readonly (string | null)[])[],
): PlannedPair[] {
  const out: PlannedPair[] = [];
  cases.forEach((c, i) => {
    const prompt =
      c.prompt.length > CONTEXT_PROMPT_CHARS ? `${c.prompt.slice(0, CONTEXT_PROMPT_CHARS - 1)}…` : c.prompt;
    const context = `Case ${i + 1} · ${prompt} · seed ${c.seed}`;
    for (let a = 0; a < results.length; a++) {
      for (let b = a + 1; b < results.length; b++) {
        const itemA = results[a]?.[i];
        const itemB = results[b]?.[i];
        if (!itemA || !itemB) continue;
        out.push({ position: out.length, variantA: a, variantB: b, itemA, itemB, context });
      }
    }
  });
  return out;
}

/**
 * Opens a blind vote between runs of an evaluation set: the runs are the variants ("Run 2 ·
 * runware:101@1 · 30 steps"), one pair per two runs per case both have a result for.
 */
export async function createEvalSetVote(
  db: StudioDatabase,
  setId: string,
  input: EvalSetVoteInput,
  createdBy: string,
): Promise<VoteRoundRow> {
  const runIds = [...new Set(input.runs.map((r) => r.toLowerCase()))];
  if (runIds.length < 2) throw studioErrors.invalidVote("Pick two or more runs to compare.", "runs");
  const { cases, runs } = await compareRuns(db, setId, runIds);
  if (runs.length < runIds.length)
    throw studioErrors.invalidVote("Only runs of this evaluation set can be compared here.", "runs", 422);
  const empty = runs.find((r) => r.results.every((c) => !c?.item));
  if (empty)
    throw studioErrors.invalidVote(
      `The run ${empty.label} has no results yet: wait for it to finish, or pick another run.`,
      "runs",
      409,
    );
  const pairs = planRunPairs(
    cases,
    runs.map((r) => r.results.map((c) => c?.item?.id ?? null)),
  );
  checkPairCount(
    pairs.length,
    "runs",
    "These runs have no results for the same case yet: wait for them to finish.",
  );
  // Runs are numbered in the order they were made: "Run 1" is the set's first.
  const labels = runs.map((r) => `Run ${r.number} · ${r.label}`);
  const name = input.name || "Which run works best?";
  const questions = questionsOf(input, runs.length, "runs");
  const row = await db.transaction(async (tx) => {
    const [round] = await tx
      .insert(voteRound)
      .values({
        evalSetId: setId,
        runIds: runs.map((r) => r.id),
        name,
        axis: 0,
        variants: runs.map((_, i) => i),
        labels,
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
