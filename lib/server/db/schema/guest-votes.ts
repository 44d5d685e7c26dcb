import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { shareLink } from "./gallery";
import { VOTE_PICKS, votePair, voteRound } from "./votes";

/**
 * Guests' blind votes through a vote's share link. A guest has no account: their ballot is a
 * browser's, named by the SHA-256 of a random secret kept in that browser's cookie. Their picks
 * stay apart from the team's (`vote`), so the ranking can be read from either or both.
 *
 * No `server-only` here (see ./studio.ts).
 */

/** A vote's share link that takes guests' picks while the vote is open. */
export const guestVoteLink = pgTable("guest_vote_link", {
  shareLinkId: uuid("share_link_id")
    .primaryKey()
    .references(() => shareLink.id, { onDelete: "cascade" }),
  roundId: uuid("round_id")
    .notNull()
    .references(() => voteRound.id, { onDelete: "cascade" }),
});

/** A guest ballot's pick on a pair: one per ballot per pair per criterion, changeable while the vote is open. */
export const guestVote = pgTable(
  "guest_vote",
  {
    pairId: uuid("pair_id")
      .notNull()
      .references(() => votePair.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the ballot cookie's secret: the cookie alone cannot be read back from it. */
    ballot: text("ballot").notNull(),
    roundId: uuid("round_id")
      .notNull()
      .references(() => voteRound.id, { onDelete: "cascade" }),
    /** The link the pick came through; a revoked link keeps its picks, a deleted one too. */
    shareLinkId: uuid("share_link_id").references(() => shareLink.id, { onDelete: "set null" }),
    /** As `vote.criterion`. */
    criterion: integer("criterion").notNull().default(0),
    pick: text("pick", { enum: VOTE_PICKS }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.pairId, t.ballot, t.criterion] }),
    index("guest_vote_round_ballot_idx").on(t.roundId, t.ballot),
    check("guest_vote_pick_check", sql`${t.pick} in ('a', 'b', 'tie', 'bad')`),
  ],
);

export type GuestVoteRow = typeof guestVote.$inferSelect;

/**
 * A guest who voted: one row per ballot per vote, made with its first pick. New ballots are what a
 * script makes without end, so they are counted (lib/server/votes/guest-voters.ts); the owner sees
 * how many guests voted from how many places, and may discard one. The address is kept only as a
 * keyed hash (HMAC with the studio's secret): enough to tell that two guests came from one place,
 * never which place.
 */
export const guestVoter = pgTable(
  "guest_voter",
  {
    roundId: uuid("round_id")
      .notNull()
      .references(() => voteRound.id, { onDelete: "cascade" }),
    /** The ballot's SHA-256, as `guest_vote.ballot`. */
    ballot: text("ballot").notNull(),
    shareLinkId: uuid("share_link_id").references(() => shareLink.id, { onDelete: "set null" }),
    addressHash: text("address_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** When and by whom the guest's picks were discarded: they no longer count, and no more are taken. */
    discardedAt: timestamp("discarded_at", { withTimezone: true, precision: 3 }),
    discardedBy: text("discarded_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.ballot] })],
);

export type GuestVoterRow = typeof guestVoter.$inferSelect;
