import "server-only";
import { asc, eq } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { type VoteFormat, voteFour, votePair } from "@/lib/server/db/schema";
import { studioErrors } from "@/lib/studio/api/errors";
import { FOUR, MIN_RANKED, planFours, ranksAtOnce } from "@/lib/studio/votes/criteria";
import type { VoteQuestions } from "@/lib/studio/votes/input";

/**
 * What a new vote asks, from its start body: its criteria as written (trimmed, at most three,
 * each once: the body's schema checks that) and its format. Ranking at once takes three or four
 * variants (three are ranked as a set of three; two are a pair, more than four too many to order
 * at a glance): refused naming `format` otherwise.
 */
export function questionsOf(
  input: VoteQuestions,
  variantCount: number,
  noun: string,
): { criteria: string[]; format: VoteFormat } {
  const format = input.format ?? "pairs";
  if (format === "fours" && !ranksAtOnce(variantCount))
    throw studioErrors.invalidVote(
      variantCount < MIN_RANKED
        ? `Ranking at once needs ${MIN_RANKED} or ${FOUR} ${noun} to compare; these are ${variantCount}: vote by pairs.`
        : `Ranking at once takes at most ${FOUR} ${noun}; these are ${variantCount}: vote by pairs, or pick ${FOUR}.`,
      "format",
    );
  return { criteria: input.criteria ?? [], format };
}

type Tx = Parameters<Parameters<StudioDatabase["transaction"]>[0]>[0];

/**
 * A vote that ranks four at once: its fours, from the pairs just stored (one per combination of
 * the other axes, or case, whose four results all pair up). Refused naming `format` when none do.
 */
export async function storeFours(tx: Tx, roundId: string): Promise<void> {
  const pairs = await tx
    .select()
    .from(votePair)
    .where(eq(votePair.roundId, roundId))
    .orderBy(asc(votePair.position));
  const fours = planFours(pairs);
  if (fours.length === 0)
    throw studioErrors.invalidVote(
      "No results of all the compared values share the same other settings yet: vote by pairs, or wait for the results.",
      "format",
      409,
    );
  await tx.insert(voteFour).values(
    fours.map((f, position) => ({
      roundId,
      position,
      variants: f.variants,
      items: f.items,
      pairIds: f.pairIndex.map((k) => pairs[k]?.id as string),
    })),
  );
}
