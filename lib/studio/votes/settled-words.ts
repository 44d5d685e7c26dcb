import { plural } from "@/lib/studio/words";
import type { SettledScope } from "./settled-claim";

/**
 * A settled claim in words: what is claimed and how sure (the headline), what it rests on (who
 * may still vote, and what it cannot count), and what it means for the person reading it on their
 * own ballot. Never who leads.
 */

/** A claim as the studio answers it (lib/studio/api/votes.ts, `settledSchema`). */
export interface SettledClaimView {
  scope: SettledScope;
  held: number;
  confidence: number;
  remaining: number;
  members: number;
  notStarted: number;
  guests: number;
  guestsOpen: boolean;
}

/** Who is voting now (lib/studio/api/votes.ts, `votingNowSchema`). */
export interface VotingNow {
  members: { name: string; left: number }[];
  notStarted: number;
  guests: number;
}

export interface SettledWords {
  headline: string;
  /** What the claim rests on. */
  basis: string;
  /** New guests the claim cannot count, when a link still takes them; else null. */
  caveat: string | null;
}

const list = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;

export function settledWords(claim: SettledClaimView): SettledWords {
  const what = claim.scope === "order" ? "the order" : "which one is on top";
  const headline = `Settled at ${claim.confidence}%: the votes still to come are very unlikely to change ${what}.`;
  let basis: string;
  if (claim.remaining === 0) {
    basis = "Everyone who may vote has voted on every pair, so no vote is still to come.";
  } else {
    const who: string[] = [];
    const begun = claim.members - claim.notStarted;
    if (claim.notStarted > 0)
      who.push(
        `${plural(claim.notStarted, "teammate")} who ${claim.notStarted === 1 ? "has" : "have"} not voted yet`,
      );
    if (begun > 0) who.push(`${plural(begun, "teammate")} partway through`);
    if (claim.guests > 0) who.push(`${plural(claim.guests, "guest")} partway through`);
    basis = `In ${claim.held} of 100 simulated endings, the ${plural(claim.remaining, "pair")} still to be voted on (by ${list(who)}) did not change ${what}.`;
  }
  const caveat = claim.guestsOpen
    ? "Guests who open the share link from now on are not counted: nobody knows how many will come."
    : null;
  return { headline, basis, caveat };
}

/**
 * What the claim means for the voter reading it on their ballot: their own pairs are among those
 * played out, and still count. A voter who has not voted is never told their votes are not needed.
 */
export function ballotLine(ballot: { done: number; pairs: number; noun?: string }): string {
  const left = ballot.pairs - ballot.done;
  // "pair", or "set of four" on a vote that ranks four at once (its questions are sets, not pairs).
  const noun = ballot.noun ?? "pair";
  const many = noun === "pair" ? "pairs" : noun.replace(/^set /, "sets ");
  if (left === 0)
    return `You have voted on every ${noun}. You can still change a vote until the vote is closed.`;
  if (ballot.done === 0)
    return `Your ${plural(left, noun, many)} ${left === 1 ? "is" : "are"} among the votes played out, and your votes count like everyone's.`;
  return `Your ${plural(left, `remaining ${noun}`, `remaining ${many}`)} ${left === 1 ? "is" : "are"} among the votes played out; you can still vote on ${left === 1 ? "it" : "them"}, and ${left === 1 ? "it counts" : "they count"}.`;
}

/** Who is voting now, for the question before closing: members by name, guests as a count. */
export function votingNowWords(voting: VotingNow): string[] {
  const lines = voting.members.map((m) => `${m.name}: ${plural(m.left, "pair")} left`);
  if (voting.guests > 0)
    lines.push(
      `${plural(voting.guests, "guest")} partway through ${voting.guests === 1 ? "a ballot" : "their ballots"}`,
    );
  if (voting.notStarted > 0)
    lines.push(
      `${plural(voting.notStarted, "teammate")} who may vote ${voting.notStarted === 1 ? "has" : "have"} not begun`,
    );
  return lines;
}
