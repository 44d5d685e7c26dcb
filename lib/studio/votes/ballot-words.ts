import type { VoteFormat } from "./count-words";

/**
 * What a ballot asks, said above it: the better of each pair, or an order of each set with the
 * set ballot's own two ways out of a strict order, named as its buttons name them.
 */
export function ballotAsk(format: VoteFormat): string {
  return format === "fours"
    ? "Order the pictures of each set from best to worst: “As good as” puts two at one place, and “None of these is good” turns the whole set down."
    : "Pick the better of each pair.";
}

/** "voted on every pair", "ranked every set": when a member's ballot is done. */
export function ballotDone(format: VoteFormat): string {
  return format === "fours" ? "ranked every set" : "voted on every pair";
}
