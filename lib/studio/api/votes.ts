import { z } from "zod";
import {
  BALLOT_PICKS,
  evalSetVoteSchema,
  experimentVoteSchema,
  pickedResultsVoteSchema,
  pickSchema,
  rankSchema,
} from "@/lib/studio/votes/input";
import { resource, uuid } from "./endpoint";

/**
 * Blind votes: teammates pick the better of two results without knowing which is which, over the
 * values of an experiment's axis, the runs of an evaluation set, or results picked by hand on the
 * compare page. Each vote's page in the studio is `/votes/{id}` or its experiment's or set's page.
 */

export const VOTE_STATUSES = ["open", "closed"] as const;
export type VoteStatus = (typeof VOTE_STATUSES)[number];
export const VOTE_FORMATS = ["pairs", "fours"] as const;

/** What the vote asks: its criteria (empty: one overall question) and one pair or four at a time. */
const questions = {
  criteria: z.array(z.string()),
  format: z.enum(VOTE_FORMATS),
};

const anchor = {
  experimentId: z.string().nullable(),
  evalSetId: z.string().nullable(),
};

/** A vote as the experiment's, set's or its own page lists it. */
export const voteSummarySchema = z.object({
  id: z.string(),
  ...anchor,
  name: z.string(),
  status: z.enum(VOTE_STATUSES),
  ...questions,
  /** The compared axis in words ("Prompt") and how many of its values. */
  axisName: z.string(),
  variantCount: z.number().int(),
  pairs: z.number().int(),
  votes: z.number().int(),
  /**
   * A vote that ranks at once: of its answers (every criterion, the team's and the guests'), how
   * many said none of the set is good; they rank nothing. 0 for a vote of pairs.
   */
  rejectedSets: z.number().int(),
  voters: z.number().int(),
  /** Of those, browsers that voted through a link that takes guests' votes. */
  guestVoters: z.number().int(),
  /** How many pairs the asking member has voted on. */
  myVotes: z.number().int(),
  createdByName: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type VoteSummary = z.infer<typeof voteSummarySchema>;

export const voteListSchema = z.object({ items: z.array(voteSummarySchema) });

export const ballotMediaSchema = z.object({
  url: z.string(),
  kind: z.enum(["image", "video"]),
  width: z.number().int(),
  height: z.number().int(),
});
export type BallotMedia = z.infer<typeof ballotMediaSchema>;

/**
 * One pair as a voter sees it: an opaque id, two pictures, nothing that says which is which.
 * `picks`: the voter's answer per criterion (one when the vote asks one question); `pick`: the first.
 */
export const ballotPairSchema = z.object({
  id: z.string(),
  left: ballotMediaSchema,
  right: ballotMediaSchema,
  pick: z.enum(BALLOT_PICKS).nullable(),
  picks: z.array(z.enum(BALLOT_PICKS).nullable()),
});
export type BallotPair = z.infer<typeof ballotPairSchema>;

/**
 * Four pictures to order best to worst, in the voter's own shuffle; each named by an opaque id the
 * ranking is sent with. `ranks`: per criterion, the voter's order so far (those ids, best first;
 * empty when they rejected the set). `ties`: per criterion, the groups they put at one place.
 * `rejected`: per criterion, whether they said none of these is good.
 */
export const ballotFourSchema = z.object({
  id: z.string(),
  slots: z.array(z.object({ id: z.string(), media: ballotMediaSchema })),
  ranks: z.array(z.array(z.string()).nullable()),
  ties: z.array(z.array(z.array(z.string()))),
  rejected: z.array(z.boolean()),
});
export type BallotFour = z.infer<typeof ballotFourSchema>;

/**
 * Whether an open vote is settled, without saying who leads: a claim at `confidence` percent that
 * the votes still to come, from everyone who may still vote, will not change the top (`scope`
 * "top") or the whole order ("order"): in `held` of 100 simulated endings they did not. With what
 * it rests on: `remaining` pairs still to vote on, from `members` teammates (`notStarted` of them
 * not begun) and `guests` guest ballots partway; `guestsOpen` when a link still takes new guests,
 * whom the claim cannot count. Null while more votes may well change the top.
 */
export const settledSchema = z
  .object({
    scope: z.enum(["top", "order"]),
    held: z.number().int(),
    confidence: z.number().int(),
    remaining: z.number().int(),
    members: z.number().int(),
    notStarted: z.number().int(),
    guests: z.number().int(),
    guestsOpen: z.boolean(),
  })
  .nullable();
export type SettledClaimView = NonNullable<z.infer<typeof settledSchema>>;

/**
 * Who is voting in an open vote now: the members partway through their ballot by name with their
 * pairs left, how many members who may vote have not begun, and how many guest ballots are partway.
 */
export const votingNowSchema = z.object({
  members: z.array(z.object({ name: z.string(), left: z.number().int() })),
  notStarted: z.number().int(),
  guests: z.number().int(),
});
export type VotingNow = z.infer<typeof votingNowSchema>;

/**
 * The asking member's pairs in their own sides: those they picked, in the order they picked them,
 * then the rest least certain first. The order of the rest changes with every vote.
 */
export const ballotSchema = z.object({
  id: z.string(),
  ...anchor,
  name: z.string(),
  status: z.enum(VOTE_STATUSES),
  ...questions,
  /** A vote of pairs: its pairs; of fours: none (its `fours`). */
  pairs: z.array(ballotPairSchema),
  fours: z.array(ballotFourSchema),
  /** Pairs (or fours) answered on every criterion, of `questions`. */
  done: z.number().int(),
  questions: z.number().int(),
  /** The pair (or four) to ask about next: where the ranking is least certain on any criterion; null when all are answered. */
  next: z.string().nullable(),
  settled: settledSchema,
});
export type Ballot = z.infer<typeof ballotSchema>;

export const rankedVariantSchema = z.object({
  /** The value's index on the compared axis (a set's vote: the run's index in the vote). */
  value: z.number().int(),
  /** A set's vote: the run's id; null otherwise. */
  runId: z.string().nullable(),
  label: z.string(),
  /** Log-strength centred on 0, and its 95% interval (null with too few votes). */
  score: z.number(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** Chance of beating an average variant. */
  winChance: z.number(),
  wins: z.number(),
  losses: z.number(),
  ties: z.number(),
  /** "Both bad" answers on it, and their share of all answers on it: apart from the score. */
  rejected: z.number().int(),
  rejectedRate: z.number(),
  /** A vote that ranks at once: in how many answers on its set it was rejected with the rest. */
  rejectedSets: z.number().int(),
});
export type RankedVariant = z.infer<typeof rankedVariantSchema>;

const rankingSchema = z.object({
  variants: z.array(rankedVariantSchema),
  /** Share of voter pairs who picked the same side of a pair both judged, and Fleiss' kappa. */
  agreement: z.object({ share: z.number(), kappa: z.number() }).nullable(),
  ties: z.number().int(),
});
export type VoteRanking = z.infer<typeof rankingSchema>;

/** The team's or the guests' part: counts while open; once closed, the ranking from their votes alone. */
const voterGroupSchema = z.object({
  votes: z.number().int(),
  voters: z.number().int(),
  /** Null while open, or when this group gave no votes. */
  ranking: rankingSchema.nullable(),
  /** Once closed, the group's ranking on each criterion (null where it gave none); empty while open. */
  byCriterion: z.array(rankingSchema.nullable()),
});
export type VoterGroup = z.infer<typeof voterGroupSchema>;

/** Counts while open; the ranking once closed. `votes`, `voters`, `ranking`: everyone's together. */
export const voteResultsSchema = z.object({
  id: z.string(),
  ...anchor,
  name: z.string(),
  status: z.enum(VOTE_STATUSES),
  ...questions,
  axisName: z.string(),
  pairs: z.number().int(),
  votes: z.number().int(),
  voters: z.number().int(),
  closedAt: z.string().nullable(),
  /**
   * Per criterion (one, "Overall", when the vote asks one question): while open whether its order
   * is settled; once closed its ranking from everyone's votes. The vote is settled when all are.
   */
  byCriterion: z.array(
    z.object({ name: z.string(), settled: settledSchema, ranking: rankingSchema.nullable() }),
  ),
  /** While open: whether the order is settled on every criterion (null once closed): the least held. */
  settled: settledSchema,
  /** While open, to members: who is voting now (null once closed, and to guests). */
  voting: votingNowSchema.nullable(),
  ranking: rankingSchema.nullable(),
  /** Members' votes, and guests' votes through a link that takes them (a browser is a voter). */
  team: voterGroupSchema,
  guests: voterGroupSchema,
});
export type VoteResults = z.infer<typeof voteResultsSchema>;

/** The votes one run of an evaluation set received, across the set's closed votes. */
export const runVotesSchema = z.object({
  /** Closed votes that included the run. */
  rounds: z.number().int(),
  wins: z.number(),
  losses: z.number(),
  ties: z.number(),
  /** From the newest closed vote that included it: its Bradley-Terry score and win chance. */
  latest: z
    .object({ roundId: z.string(), roundName: z.string(), score: z.number(), winChance: z.number() })
    .nullable(),
});
export type RunVotes = z.infer<typeof runVotesSchema>;

const started = z.object({ id: z.string(), name: z.string() });
const idParams = z.object({ id: uuid() });

export const votes = resource("votes", {
  startOnResults: {
    method: "POST",
    path: "/api/votes",
    summary: "Opens a blind vote between 2 to 4 gallery results picked by hand: one pair per two results.",
    access: "generate",
    body: pickedResultsVoteSchema,
    response: started,
    status: 201,
    errors: ["invalidVote", "pickedResultMissing"],
    invalidates: ["votes"],
  },
  get: {
    method: "GET",
    path: "/api/votes/{id}",
    summary: "One blind vote as its list shows it: its counts and the asking member's progress.",
    access: "view",
    params: idParams,
    response: voteListSchema,
    errors: ["voteNotFound"],
  },
  ballot: {
    method: "GET",
    path: "/api/votes/{id}/ballot",
    summary:
      "The asking member's ballot: opaque pair ids and media only, in their own sides; the next pair is the least certain one.",
    description:
      "Reading it opens the member's ballot: from then until they have voted on every pair or the vote is closed, the vote's experiment and the results in its pairs are refused to them (403 ballotInProgress).",
    access: "review",
    params: idParams,
    response: ballotSchema,
    errors: ["voteNotFound"],
  },
  pick: {
    method: "POST",
    path: "/api/votes/{id}/picks",
    summary:
      "A pick on one pair as the voter saw it; sending again changes it, until the vote is closed. Answers with the ballot as it is now, its next pair chosen with this pick counted.",
    access: "review",
    params: idParams,
    body: pickSchema,
    response: z.object({ pairId: z.string(), pick: z.enum(BALLOT_PICKS), ballot: ballotSchema }),
    errors: ["voteNotFound", "voteClosed", "pairNotFound", "notAsked"],
    invalidates: ["votes"],
  },
  rank: {
    method: "POST",
    path: "/api/votes/{id}/ranks",
    summary:
      "A vote that ranks four at once: the pictures of one set, best first (some at one place with `ties`), or `rejected`: none of them is good, for one criterion; stored with the pairwise outcomes it implies (a tie per pair at one place, both bad on every pair of a rejected set). Sending again changes it, until the vote is closed.",
    access: "review",
    params: idParams,
    body: rankSchema,
    response: z.object({ fourId: z.string(), ballot: ballotSchema }),
    errors: ["voteNotFound", "voteClosed", "fourNotFound", "notAsked"],
    invalidates: ["votes"],
  },
  close: {
    method: "POST",
    path: "/api/votes/{id}/close",
    summary:
      "Closes a blind vote: votes stop and everyone sees the ranking. Closing it again changes nothing.",
    access: "generate",
    params: idParams,
    response: z.object({ id: z.string(), status: z.enum(VOTE_STATUSES) }),
    errors: ["voteNotFound"],
    invalidates: ["votes"],
  },
  results: {
    method: "GET",
    path: "/api/votes/{id}/results",
    summary:
      "While open only the counts and whether the order is settled; once closed the ranking with a 95% interval per variant and the voters' agreement.",
    access: "view",
    params: idParams,
    response: voteResultsSchema,
    errors: ["voteNotFound"],
  },
  media: {
    method: "GET",
    path: "/api/votes/{id}/media/{mediaId}",
    summary: "A ballot's picture or video, under the vote's own id for it; ranges for video.",
    access: "review",
    params: z.object({
      id: uuid(),
      mediaId: z.string().regex(/^[A-Za-z0-9_-]{32}$/, "mediaId is not one of this vote's media."),
    }),
    produces: "image/* or video/*",
    errors: ["voteNotFound", "voteMediaNotFound"],
  },
  ofExperiment: {
    method: "GET",
    path: "/api/experiments/{id}/votes",
    summary: "The experiment's blind votes, newest first (at most 50), with counts and the asker's progress.",
    access: "view",
    params: idParams,
    response: voteListSchema,
    errors: ["experimentNotFound"],
  },
  startOnExperiment: {
    method: "POST",
    path: "/api/experiments/{id}/votes",
    summary:
      "Opens a blind vote over values of one axis: one pair per two values per combination of the other axes.",
    access: "generate",
    params: idParams,
    body: experimentVoteSchema,
    response: started,
    status: 201,
    errors: ["experimentNotFound", "invalidVote"],
    invalidates: ["votes"],
  },
  ofEvalSet: {
    method: "GET",
    path: "/api/eval-sets/{id}/votes",
    summary: "The evaluation set's blind votes between runs, newest first (at most 50).",
    access: "view",
    params: idParams,
    response: voteListSchema,
    errors: ["evalSetNotFound"],
  },
  startOnEvalSet: {
    method: "POST",
    path: "/api/eval-sets/{id}/votes",
    summary:
      "Opens a blind vote between 2 to 4 runs of the set: one pair per two runs per case both have a result for.",
    access: "generate",
    params: idParams,
    body: evalSetVoteSchema,
    response: started,
    status: 201,
    errors: ["evalSetNotFound", "invalidVote"],
    invalidates: ["votes"],
  },
});
