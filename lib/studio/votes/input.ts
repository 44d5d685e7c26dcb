import { z } from "zod";
import { MAX_AXES, MAX_AXIS_VALUES } from "@/lib/studio/experiments/axes";
import { uuid } from "@/lib/studio/params";
import { oneLineText } from "@/lib/studio/person-text";

/**
 * What the blind-vote endpoints take (lib/studio/api/votes.ts declares them). Browser-safe: the
 * dialogs that start a vote build the same bodies. While a vote is open nobody, its creator
 * included, sees which variant is winning: only how many votes came in. The ranking is shown to
 * all once it is closed.
 */

/** A vote asks each voter about at most this many pairs (narrow the values past it). */
export const MAX_VOTE_PAIRS = 300;

/** `POST /api/experiments/{id}/votes`: compare the values of one axis (all of them by default). */
export const experimentVoteSchema = z.object({
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
  name: oneLineText().trim().max(200).optional(),
});
export type ExperimentVoteInput = z.output<typeof experimentVoteSchema>;

/** A set's vote compares at most this many runs (as many as the side by side shows). */
export const MAX_VOTE_RUNS = 4;

/** `POST /api/eval-sets/{id}/votes`: compare two or more runs of the set, case by case. */
export const evalSetVoteSchema = z.object({
  runs: z
    .array(uuid())
    .min(2, "Pick two or more runs to compare.")
    .max(MAX_VOTE_RUNS, `Pick at most ${MAX_VOTE_RUNS} runs.`),
  name: oneLineText().trim().max(200).optional(),
});
export type EvalSetVoteInput = z.output<typeof evalSetVoteSchema>;

/** What a vote belongs to: an experiment (its axis values compete) or an evaluation set (its runs). */
export interface VoteAnchor {
  experimentId: string | null;
  evalSetId: string | null;
}

/**
 * The id of the experiment or set a vote belongs to; a vote over picked gallery results belongs to
 * neither and is its own anchor (its page is `/votes/[id]`).
 */
export const voteAnchor = (r: VoteAnchor & { id: string }): string => r.experimentId ?? r.evalSetId ?? r.id;

/** A vote over gallery results compares at most this many (as many as the compare page shows). */
export const MAX_VOTE_ITEMS = 4;

/** `POST /api/votes`: a blind vote between gallery items picked by hand, one pair per two items. */
export const pickedResultsVoteSchema = z.object({
  items: z
    .array(uuid())
    .min(2, "Pick two or more results to compare.")
    .max(MAX_VOTE_ITEMS, `Pick at most ${MAX_VOTE_ITEMS} results.`),
  name: oneLineText().trim().max(200).optional(),
});
export type PickedResultsVoteInput = z.output<typeof pickedResultsVoteSchema>;

/** Which side the voter preferred, as they saw it; "tie" is "Can't tell". */
export const BALLOT_PICKS = ["left", "right", "tie"] as const;
export type BallotPick = (typeof BALLOT_PICKS)[number];

/** `POST /api/votes/{id}/picks`: a pick on one pair (sending again changes it). */
export const pickSchema = z.object({
  pairId: uuid(),
  pick: z.enum(BALLOT_PICKS),
});
export type PickInput = z.output<typeof pickSchema>;
