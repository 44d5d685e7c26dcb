import { plural } from "@/lib/studio/words";
import { FOUR, MIN_RANKED, pairsInSet } from "./criteria";

/**
 * A vote's counts in the words of what a person did. The model counts pairs: a ranking of four
 * is stored as the six pairwise votes it implies (of three, three). A voter of a vote that ranks
 * at once ranked sets, so its counts say rankings and sets of four (or three), and name the
 * pairwise votes beside them only where the ranking's figures (wins, losses) are read from those.
 * `size`: how many pictures each set shows (the vote's variants).
 */

export type VoteFormat = "pairs" | "fours";

const sizeWord = (size: number) => (size === MIN_RANKED ? "three" : "four");
const setSize = (size: number) => Math.min(FOUR, Math.max(MIN_RANKED, size));

/** The one question's name: "pair", or "set of four" ("set of three"). */
export function questionNoun(format: VoteFormat, size: number = FOUR): string {
  return format === "fours" ? `set of ${sizeWord(setSize(size))}` : "pair";
}

/** "1 pair", "3 pairs"; "1 set of four", "2 sets of three": what each voter is asked. */
export function questionsWords(format: VoteFormat, pairs: number, size: number = FOUR): string {
  if (format !== "fours") return plural(pairs, "pair");
  const noun = questionNoun(format, size);
  return plural(Math.round(pairs / pairsInSet(setSize(size))), noun, noun.replace(/^set /, "sets "));
}

/**
 * "12 votes"; "2 rankings (12 pairwise votes)": what was given. `rejectedSets`: of those answers,
 * how many said none of the set is good (they rank nothing: "1 ranking, 1 set rejected").
 */
export function answersWords(
  format: VoteFormat,
  votes: number,
  size: number = FOUR,
  rejectedSets = 0,
): string {
  if (format !== "fours") return plural(votes, "vote");
  const rankings = Math.round(votes / pairsInSet(setSize(size))) - rejectedSets;
  const rejected = rejectedSets > 0 ? `, ${plural(rejectedSets, "set")} rejected` : "";
  return `${plural(rankings, "ranking")}${rejected} (${plural(votes, "pairwise vote")})`;
}

/** How many answers rejected a whole set, from each variant's count of sets it was rejected in. */
export function rejectedAnswers(variants: readonly { rejectedSets: number }[]): number {
  return Math.round(variants.reduce((a, v) => a + v.rejectedSets, 0) / setSize(variants.length));
}

/** "you voted on 2 of 6 pairs"; "you ranked 1 of 2 sets of four". */
export function mineWords(format: VoteFormat, mine: number, pairs: number, size: number = FOUR): string {
  if (format !== "fours") return `you voted on ${mine} of ${plural(pairs, "pair")}`;
  return `you ranked ${Math.round(mine / pairsInSet(setSize(size)))} of ${questionsWords(format, pairs, size)}`;
}
