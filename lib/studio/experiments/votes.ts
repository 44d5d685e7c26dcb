import { z } from "zod";
import { plural } from "@/lib/studio/words";
import { MAX_AXES, MAX_AXIS_VALUES } from "./axes";

/**
 * Blind A/B votes on an experiment: what the API takes and answers. Browser-safe (types and
 * schemas only). While a round is open nobody, its creator included, sees which variant is
 * winning: only how many votes came in. The ranking is shown to all once it is closed.
 */

/** A round asks each voter about at most this many pairs (narrow the values past it). */
export const MAX_ROUND_PAIRS = 300;

/** `POST /api/experiments/[id]/rounds`: compare the values of one axis (all of them by default). */
export const roundCreateSchema = z.object({
  axis: z
    .int()
    .min(0)
    .max(MAX_AXES - 1),
  values: z
    .array(
      z
        .int()
        .min(0)
        .max(MAX_AXIS_VALUES - 1),
    )
    .min(2, "Pick two or more values to compare.")
    .max(MAX_AXIS_VALUES)
    .optional(),
  name: z.string().trim().max(200).optional(),
});
export type RoundCreateInput = z.output<typeof roundCreateSchema>;

/** A set's round compares at most this many runs (as many as the side by side shows). */
export const MAX_ROUND_RUNS = 4;

/** `POST /api/eval-sets/[id]/rounds`: compare two or more runs of the set, case by case. */
export const setRoundCreateSchema = z.object({
  runs: z
    .array(z.uuid())
    .min(2, "Pick two or more runs to compare.")
    .max(MAX_ROUND_RUNS, `Pick at most ${MAX_ROUND_RUNS} runs.`),
  name: z.string().trim().max(200).optional(),
});
export type SetRoundCreateInput = z.output<typeof setRoundCreateSchema>;

/** What a round belongs to: an experiment (its axis values compete) or an evaluation set (its runs). */
export interface RoundAnchor {
  experimentId: string | null;
  evalSetId: string | null;
}

/**
 * The id of the experiment or set a round belongs to; a round over picked gallery items belongs to
 * neither and is its own anchor (its page is `/votes/[id]`).
 */
export const roundAnchor = (r: RoundAnchor & { id: string }): string => r.experimentId ?? r.evalSetId ?? r.id;

/** A round over gallery items compares at most this many (as many as the compare page shows). */
export const MAX_ROUND_ITEMS = 4;

/** `POST /api/rounds`: a blind vote between gallery items picked by hand, one pair per two items. */
export const itemsRoundCreateSchema = z.object({
  items: z
    .array(z.uuid())
    .min(2, "Pick two or more results to compare.")
    .max(MAX_ROUND_ITEMS, `Pick at most ${MAX_ROUND_ITEMS} results.`),
  name: z.string().trim().max(200).optional(),
});
export type ItemsRoundCreateInput = z.output<typeof itemsRoundCreateSchema>;

/** Which side the voter preferred, as they saw it; "tie" is "Can't tell". */
export const BALLOT_PICKS = ["left", "right", "tie"] as const;
export type BallotPick = (typeof BALLOT_PICKS)[number];

/** `POST /api/rounds/[id]/votes`: a pick on one pair (sending again changes it). */
export const voteInputSchema = z.object({
  pairId: z.uuid(),
  pick: z.enum(BALLOT_PICKS),
});
export type VoteInput = z.output<typeof voteInputSchema>;

export type RoundStatus = "open" | "closed";

/** A round as the experiment or set page lists it. */
export interface RoundSummary extends RoundAnchor {
  id: string;
  name: string;
  status: RoundStatus;
  /** The compared axis in words ("Prompt") and how many of its values. */
  axisName: string;
  variantCount: number;
  pairs: number;
  votes: number;
  voters: number;
  /** How many pairs the asking member has voted on. */
  myVotes: number;
  createdByName: string;
  createdAt: string;
  closedAt: string | null;
}

export interface BallotMedia {
  url: string;
  kind: "image" | "video";
  width: number;
  height: number;
}

/** One pair as a voter sees it: an opaque id, two pictures, nothing that says which is which. */
export interface BallotPair {
  id: string;
  left: BallotMedia;
  right: BallotMedia;
  pick: BallotPick | null;
}

/** `GET /api/rounds/[id]/ballot`: the asking member's pairs, in their own order and sides. */
export interface Ballot extends RoundAnchor {
  id: string;
  name: string;
  status: RoundStatus;
  pairs: BallotPair[];
  done: number;
}

export interface RankedVariant {
  /** The value's index on the compared axis (a set's round: the run's index in the round). */
  value: number;
  /** A set's round: the run's id (`eval_run`); null for an experiment's round. */
  runId: string | null;
  label: string;
  /** Log-strength centred on 0, and its 95% interval (null with too few votes). */
  score: number;
  low: number | null;
  high: number | null;
  /** Chance of beating an average variant. */
  winChance: number;
  wins: number;
  losses: number;
  ties: number;
}

/** `GET /api/rounds/[id]/results`: counts while open; the ranking once closed. */
export interface RoundResults extends RoundAnchor {
  id: string;
  name: string;
  status: RoundStatus;
  axisName: string;
  pairs: number;
  votes: number;
  voters: number;
  closedAt: string | null;
  ranking: {
    variants: RankedVariant[];
    /** Share of voter pairs who picked the same side of a pair both judged, and Fleiss' kappa. */
    agreement: { share: number; kappa: number } | null;
    ties: number;
  } | null;
}

/**
 * A variant's name that says nothing of what it is: "Variant A" to "Variant Z", then "Variant 27"
 * on. A vote shared without its parameters names its variants so.
 */
export function neutralVariantLabel(index: number): string {
  return index < 26 ? `Variant ${String.fromCharCode(65 + index)}` : `Variant ${index + 1}`;
}

/**
 * How far the voters agreed, in words first ("Voters often disagreed…") and the figures after,
 * for a disclosure: a reviewer reads the verdict, and opens the statistic when they want it.
 * The verdict follows Fleiss' kappa (agreement beyond what chance alone gives), in the usual bands:
 * 0.6 and over is substantial, 0.2 to 0.6 fair to moderate, under 0.2 slight or none.
 */
export function agreementWords(agreement: { share: number; kappa: number } | null): {
  headline: string;
  detail: string;
} {
  if (!agreement)
    return {
      headline: "Too few votes to say whether voters agree.",
      detail: "No pair was judged by two voters yet, so agreement cannot be measured.",
    };
  const headline =
    agreement.kappa >= 0.6
      ? "Voters agreed: the ranking reflects a shared preference."
      : agreement.kappa >= 0.2
        ? "Voters partly agreed: read the ranking as a leaning, not a verdict."
        : "Voters often disagreed: the ranking is little better than a coin toss.";
  const beyond =
    agreement.kappa >= 0.6
      ? "well beyond chance"
      : agreement.kappa >= 0.2
        ? "somewhat beyond chance"
        : "no better than chance";
  return {
    headline,
    detail: `Voters picked the same side on ${Math.round(agreement.share * 100)}% of the pairs two of them judged. Fleiss' kappa ${agreement.kappa.toFixed(2)} (${beyond}; 0 is what chance gives, 1 full agreement).`,
  };
}

/** The votes one run of an evaluation set received, across the set's closed rounds. */
export interface RunVotes {
  /** Closed rounds that included the run. */
  rounds: number;
  wins: number;
  losses: number;
  ties: number;
  /** From the newest closed round that included it: its Bradley-Terry score and win chance. */
  latest: { roundId: string; roundName: string; score: number; winChance: number } | null;
}

/** "3 wins · 1 loss · 0 ties". */
export function runVoteWords(v: RunVotes): string {
  return `${plural(v.wins, "win", "wins")} · ${plural(v.losses, "loss", "losses")} · ${plural(v.ties, "tie", "ties")}`;
}
