import "server-only";
import { randomBytes } from "node:crypto";
import { and, inArray, isNull } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { item, type VoteRoundRow, votePair, voteRound } from "@/lib/server/db/schema";
import { notify } from "@/lib/server/notifications/notify";
import { studioErrors } from "@/lib/studio/api/errors";
import type { PickedResultsVoteInput } from "@/lib/studio/votes/input";
import { questionsOf, storeFours } from "./questions";

/** A result's words in a vote's labels, shown once it is closed. */
const LABEL_PROMPT_CHARS = 60;

/** "Result 2 · a lighthouse at dusk…": its place in the comparison and its prompt. */
export function itemLabel(index: number, prompt: string | null): string {
  const words = (prompt ?? "").trim();
  if (!words) return `Result ${index + 1}`;
  const short = words.length > LABEL_PROMPT_CHARS ? `${words.slice(0, LABEL_PROMPT_CHARS - 1)}…` : words;
  return `Result ${index + 1} · ${short}`;
}

/**
 * Opens a blind vote between gallery items picked by hand (the compare page's): each item is a
 * variant, one pair per two items. It belongs to no experiment or set; its page is `/votes/[id]`.
 */
export async function createPickedResultsVote(
  db: StudioDatabase,
  input: PickedResultsVoteInput,
  createdBy: string,
): Promise<VoteRoundRow> {
  const ids = [...new Set(input.items.map((i) => i.toLowerCase()))];
  if (ids.length < 2) throw studioErrors.invalidVote("Pick two or more results to compare.", "items");
  const found = await db
    .select({ id: item.id, prompt: item.prompt })
    .from(item)
    .where(and(inArray(item.id, ids), isNull(item.deletedAt)));
  const byId = new Map(found.map((r) => [r.id, r]));
  if (ids.some((id) => !byId.has(id))) throw studioErrors.pickedResultMissing();
  const pairs: { position: number; variantA: number; variantB: number; itemA: string; itemB: string }[] = [];
  for (let a = 0; a < ids.length; a++)
    for (let b = a + 1; b < ids.length; b++)
      pairs.push({
        position: pairs.length,
        variantA: a,
        variantB: b,
        itemA: ids[a] as string,
        itemB: ids[b] as string,
      });
  const questions = questionsOf(input, ids.length, "results");
  const row = await db.transaction(async (tx) => {
    const [round] = await tx
      .insert(voteRound)
      .values({
        name: input.name || "Which result works best?",
        axis: 0,
        variants: ids.map((_, i) => i),
        labels: ids.map((id, i) => itemLabel(i, byId.get(id)?.prompt ?? null)),
        seed: randomBytes(16).toString("hex"),
        ...questions,
        createdBy,
      })
      .returning();
    if (!round) throw new Error("round not stored");
    await tx.insert(votePair).values(pairs.map((p) => ({ ...p, roundId: round.id })));
    if (questions.format === "fours") await storeFours(tx, round.id);
    await notify(tx, { kind: "vote", round });
    return round;
  });
  return row;
}
