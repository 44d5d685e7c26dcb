import { z } from "zod";
import { MAX_AXES, MAX_AXIS_VALUES } from "@/lib/studio/experiments/axes";
import { uuid } from "@/lib/studio/params";
import { oneLineText } from "@/lib/studio/person-text";
import { FOUR, MAX_CRITERIA, MAX_CRITERION_CHARS, MIN_RANKED } from "./criteria";
import { placesOf } from "./set-answer";

/**
 * What the blind-vote endpoints take (lib/studio/api/votes.ts declares them). Browser-safe: the
 * dialogs that start a vote build the same bodies. While a vote is open nobody, its creator
 * included, sees which variant is winning: only how many votes came in. The ranking is shown to
 * all once it is closed.
 */

/**
 * What every "start a vote" body may add: the criteria each pair is judged on (none: one overall
 * question), and whether the ballot ranks four at once (a vote of three or four variants).
 */
const voteQuestions = {
  criteria: z
    .array(oneLineText().trim().min(1, "Name each criterion.").max(MAX_CRITERION_CHARS))
    .max(MAX_CRITERIA, `Ask at most ${MAX_CRITERIA} criteria.`)
    .refine(
      (list) => new Set(list.map((c) => c.toLowerCase())).size === list.length,
      "Each criterion is asked once.",
    )
    .optional(),
  format: z.enum(["pairs", "fours"]).optional(),
};
export type VoteQuestions = { criteria?: string[]; format?: "pairs" | "fours" };

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
  ...voteQuestions,
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
  ...voteQuestions,
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
  ...voteQuestions,
});
export type PickedResultsVoteInput = z.output<typeof pickedResultsVoteSchema>;

/** Which side the voter preferred, as they saw it; "tie": equal; "bad": both bad. */
export const BALLOT_PICKS = ["left", "right", "tie", "bad"] as const;
export type BallotPick = (typeof BALLOT_PICKS)[number];

/** Which of the vote's criteria an answer is on (0: the first, or the one overall question). */
const criterionField = z
  .int()
  .min(0)
  .max(MAX_CRITERIA - 1)
  .default(0);

/** `POST /api/votes/{id}/picks`: a pick on one pair for one criterion (sending again changes it). */
export const pickSchema = z.object({
  pairId: uuid(),
  pick: z.enum(BALLOT_PICKS),
  criterion: criterionField,
});
export type PickInput = z.input<typeof pickSchema>;

/** A ballot's name for one picture of a four: the vote's own id for its media. */
const slotId = z.string().regex(/^[A-Za-z0-9_-]{32}$/, "order names a picture this four does not show.");

/**
 * `POST /api/votes/{id}/ranks`: the pictures of one set, best first, for one criterion (sending
 * again changes it). Each of the set once: a duplicate or a missing one is refused. `ties`: groups
 * of pictures next to each other in `order` that share one place ("these are as good"). `rejected`:
 * "none of these is good", sent with no order: it ranks none of them.
 */
export const rankSchema = z
  .object({
    fourId: uuid(),
    criterion: criterionField,
    order: z
      .array(slotId)
      .max(FOUR, "order lists every picture of the set, best first.")
      .refine((ids) => new Set(ids).size === ids.length, "order names a picture twice.")
      .default([]),
    ties: z
      .array(z.array(slotId).max(FOUR, "Each group in ties holds at most the whole set."))
      .max(2, "ties holds at most two groups.")
      .default([]),
    rejected: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if (body.rejected) {
      if (body.order.length > 0 || body.ties.length > 0)
        ctx.addIssue({
          code: "custom",
          path: ["rejected"],
          message: "A set rejected as a whole is sent with no order and no ties.",
        });
      return;
    }
    if (body.order.length < MIN_RANKED)
      ctx.addIssue({
        code: "custom",
        path: ["order"],
        message: "order lists every picture of the set, best first.",
      });
    const places = placesOf(body.order, body.ties);
    if ("error" in places) ctx.addIssue({ code: "custom", path: ["ties"], message: places.error });
  });
export type RankInput = z.input<typeof rankSchema>;
