import { plural } from "@/lib/studio/words";
import { FOUR } from "./criteria";

/**
 * A vote's counts in the words of what a person did. The model counts pairs: a ranking of four
 * is stored as the six pairwise votes it implies. A voter of a vote by fours ranked sets of four,
 * so its counts say rankings and sets of four, and name the pairwise votes beside them only where
 * the ranking's figures (wins, losses) are read from those.
 */

export type VoteFormat = "pairs" | "fours";

/** How many pairwise votes one ranking of four makes. */
export const PAIRS_IN_FOUR = (FOUR * (FOUR - 1)) / 2;

/** "1 pair", "3 pairs"; "1 set of four", "2 sets of four": what each voter is asked. */
export function questionsWords(format: VoteFormat, pairs: number): string {
  return format === "fours"
    ? plural(Math.round(pairs / PAIRS_IN_FOUR), "set of four", "sets of four")
    : plural(pairs, "pair");
}

/** The one question's name: "pair", or "set of four". */
export function questionNoun(format: VoteFormat): string {
  return format === "fours" ? "set of four" : "pair";
}

/** "12 votes"; "2 rankings (12 pairwise votes)": what was given. */
export function answersWords(format: VoteFormat, votes: number): string {
  if (format !== "fours") return plural(votes, "vote");
  return `${plural(Math.round(votes / PAIRS_IN_FOUR), "ranking")} (${plural(votes, "pairwise vote")})`;
}

/** "you voted on 2 of 6 pairs"; "you ranked 1 of 2 sets of four". */
export function mineWords(format: VoteFormat, mine: number, pairs: number): string {
  if (format !== "fours") return `you voted on ${mine} of ${plural(pairs, "pair")}`;
  return `you ranked ${Math.round(mine / PAIRS_IN_FOUR)} of ${questionsWords(format, pairs)}`;
}
