import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { evalSet } from "./eval-sets";
import { experiment } from "./experiments";
import { item } from "./studio";

/**
 * Blind A/B votes. A round compares two or more values ("variants") of one axis of an experiment,
 * or two or more runs of an evaluation set; its pairs are fixed when it opens: for each combination
 * of the other axes' values (or each case of the set), each two of the variants, the first result. Members vote on pairs without seeing which variant
 * is which; the ranking is shown once the round is closed.
 *
 * No `server-only` here (see ./studio.ts).
 */

export const ROUND_STATUSES = ["open", "closed"] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

/** `bad`: "Both bad": recorded and shown as each one's rejected rate, never a pairwise outcome. */
export const VOTE_PICKS = ["a", "b", "tie", "bad"] as const;
export type VotePick = (typeof VOTE_PICKS)[number];

/** How a ballot asks: one pair at a time, or four results to order best to worst. */
export const VOTE_FORMATS = ["pairs", "fours"] as const;
export type VoteFormat = (typeof VOTE_FORMATS)[number];

export const voteRound = pgTable(
  "vote_round",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The experiment whose axis values compete, or null for a round over an evaluation set. */
    experimentId: uuid("experiment_id").references(() => experiment.id, { onDelete: "cascade" }),
    /** The evaluation set whose runs compete, or null for a round over an experiment. */
    evalSetId: uuid("eval_set_id").references(() => evalSet.id, { onDelete: "cascade" }),
    /** For a set's round: the compared runs (`eval_run` ids), in the order of `variants`. A round
     * with neither an experiment nor a set compares gallery items picked by hand (its pairs say
     * which); it has its own page, `/votes/[id]`. */
    runIds: uuid("run_ids").array(),
    name: text("name").notNull(),
    /** The experiment axis whose values are compared (0 for a set's round). */
    axis: integer("axis").notNull(),
    /** The compared values' indexes on that axis, in axis order (a set's round: 0..runs-1). */
    variants: integer("variants").array().notNull(),
    /** What the variants were called when the round opened (labels of the axis values). */
    labels: text("labels").array().notNull(),
    status: text("status", { enum: ROUND_STATUSES }).notNull().default("open"),
    /** What each pair is judged on ("Prompt adherence", "Aesthetics"); empty: one overall question. */
    criteria: text("criteria").array().notNull().default(sql`'{}'::text[]`),
    format: text("format", { enum: VOTE_FORMATS }).notNull().default("pairs"),
    /** Random per round: with a voter's id it seeds that voter's order and left/right sides. */
    seed: text("seed").notNull(),
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true, precision: 3 }),
    closedBy: text("closed_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    index("vote_round_experiment_idx").on(t.experimentId, t.createdAt),
    index("vote_round_eval_set_idx").on(t.evalSetId, t.createdAt),
    check(
      "vote_round_anchor_check",
      sql`(${t.experimentId} is null or ${t.evalSetId} is null) and (${t.evalSetId} is null) = (${t.runIds} is null)`,
    ),
    check("vote_round_status_check", sql`${t.status} in ('open', 'closed')`),
    check("vote_round_variants_check", sql`cardinality(${t.variants}) >= 2`),
    check("vote_round_name_check", sql`length(${t.name}) between 1 and 200`),
    check("vote_round_criteria_check", sql`cardinality(${t.criteria}) <= 3`),
    check("vote_round_format_check", sql`${t.format} in ('pairs', 'fours')`),
  ],
);

/** One question of a round: variant `a`'s image beside variant `b`'s, all else equal. */
export const votePair = pgTable(
  "vote_pair",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    roundId: uuid("round_id")
      .notNull()
      .references(() => voteRound.id, { onDelete: "cascade" }),
    /** Position in the round's canonical order (voters see their own shuffle of it). */
    position: integer("position").notNull(),
    /** Variant indexes into the round's `variants`. */
    variantA: integer("variant_a").notNull(),
    variantB: integer("variant_b").notNull(),
    itemA: uuid("item_a")
      .notNull()
      .references(() => item.id, { onDelete: "cascade" }),
    itemB: uuid("item_b")
      .notNull()
      .references(() => item.id, { onDelete: "cascade" }),
    /** The other axes' value labels the two share ("Seed 7 · CFG 5"), shown once closed. */
    context: text("context").notNull().default(""),
  },
  (t) => [
    index("vote_pair_round_idx").on(t.roundId, t.position),
    check("vote_pair_variants_check", sql`${t.variantA} <> ${t.variantB}`),
  ],
);

/**
 * A member's pick on a pair for one criterion (0 when the vote has none): one per member per pair
 * per criterion, changeable while the round is open. A ranking of four is stored here too, as the
 * six pairwise outcomes it implies, beside the rank itself (`vote_rank`).
 */
export const vote = pgTable(
  "vote",
  {
    pairId: uuid("pair_id")
      .notNull()
      .references(() => votePair.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    roundId: uuid("round_id")
      .notNull()
      .references(() => voteRound.id, { onDelete: "cascade" }),
    criterion: integer("criterion").notNull().default(0),
    pick: text("pick", { enum: VOTE_PICKS }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.pairId, t.userId, t.criterion] }),
    index("vote_round_user_idx").on(t.roundId, t.userId),
    check("vote_pick_check", sql`${t.pick} in ('a', 'b', 'tie', 'bad')`),
  ],
);

/**
 * A member's ballot, opened. From then until they have voted on every pair or the vote is closed,
 * what labels the vote's pictures (its experiment's grid, its results' own pages) is refused to
 * them: they vote on what they see, not on what they know (lib/server/votes/blinded.ts).
 */
export const voteBallot = pgTable(
  "vote_ballot",
  {
    roundId: uuid("round_id")
      .notNull()
      .references(() => voteRound.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    openedAt: timestamp("opened_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.userId] }), index("vote_ballot_user_idx").on(t.userId)],
);

/**
 * One question of a vote that ranks four at once: four variants' results for one combination of
 * the other axes (or one case), and the six pairs between them.
 */
export const voteFour = pgTable(
  "vote_four",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    roundId: uuid("round_id")
      .notNull()
      .references(() => voteRound.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** Variant indexes, and each one's result, in the same order. */
    variants: integer("variants").array().notNull(),
    items: uuid("items").array().notNull(),
    /** The six `vote_pair`s between them. */
    pairIds: uuid("pair_ids").array().notNull(),
  },
  (t) => [
    index("vote_four_round_idx").on(t.roundId, t.position),
    // Three or four pictures (a vote over three ranks them as one set of three).
    check(
      "vote_four_size_check",
      sql`cardinality(${t.variants}) between 3 and 4 and cardinality(${t.items}) = cardinality(${t.variants})`,
    ),
  ],
);

/**
 * A voter's order of a four for one criterion, best first (variant indexes), kept as given; its
 * pairwise outcomes are in `vote` / `guest_vote`. `voter`: a member's id, or `guest:` and a ballot.
 * `places`: each ranked one's place (0 first), equal for those the voter put level; null: each its
 * own place. `rejected`: "none of these is good": no order at all, every pair stored as both bad.
 */
export const voteRank = pgTable(
  "vote_rank",
  {
    fourId: uuid("four_id")
      .notNull()
      .references(() => voteFour.id, { onDelete: "cascade" }),
    voter: text("voter").notNull(),
    roundId: uuid("round_id")
      .notNull()
      .references(() => voteRound.id, { onDelete: "cascade" }),
    criterion: integer("criterion").notNull().default(0),
    ranking: integer("ranking").array().notNull(),
    places: integer("places").array(),
    rejected: boolean("rejected").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.fourId, t.voter, t.criterion] }),
    index("vote_rank_round_voter_idx").on(t.roundId, t.voter),
    check(
      "vote_rank_shape_check",
      sql`(${t.rejected} = (cardinality(${t.ranking}) = 0)) and (${t.places} is null or cardinality(${t.places}) = cardinality(${t.ranking}))`,
    ),
  ],
);

export type VoteRoundRow = typeof voteRound.$inferSelect;
export type VoteFourRow = typeof voteFour.$inferSelect;
export type VotePairRow = typeof votePair.$inferSelect;
export type VoteRow = typeof vote.$inferSelect;
