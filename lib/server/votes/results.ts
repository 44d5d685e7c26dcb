import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import {
  guestVote,
  type VotePick,
  type VoteRoundRow,
  vote,
  voteBallot,
  voteFour,
  votePair,
  voteRank,
  voteRound,
} from "@/lib/server/db/schema";
import type { VoteRanking, VoteResults } from "@/lib/studio/api/votes";
import { criterionCount, criterionName } from "@/lib/studio/votes/criteria";
import { rankPicks } from "@/lib/studio/votes/pick-ranking";
import { electorateOf, roundSettled, roundVotes, stillVoting, voterOf } from "./next-pairs";
import { axisNameOf } from "./records";

/** One pick as the ranking reads it: whose (a member's id, or `guest:` and a ballot), on what. */
export interface CastPick {
  pairId: string;
  voter: string;
  guest: boolean;
  criterion: number;
  pick: VotePick;
  a: number;
  b: number;
}

/**
 * The Bradley-Terry ranking of a vote's variants from these picks (of one criterion), with a 95%
 * interval per variant (a tie counting half a win to each side) and the agreement between voters.
 * "Both bad" moves no score: it is counted apart, as each variant's rejected rate.
 */
export function rankingOf(
  round: Pick<VoteRoundRow, "variants" | "runIds" | "labels">,
  picks: readonly CastPick[],
  rejections: readonly SetRejection[] = [],
): VoteRanking {
  const rejectedSets = round.variants.map(() => 0);
  for (const r of rejections) for (const i of r.variants) rejectedSets[i] = (rejectedSets[i] ?? 0) + 1;
  const rejected = round.variants.map(() => ({ rejected: 0, answers: 0 }));
  for (const r of picks)
    for (const i of [r.a, r.b]) {
      const row = rejected[i];
      if (!row) continue;
      row.answers += 1;
      if (r.pick === "bad") row.rejected += 1;
    }
  const ranking = rankPicks(round.variants.length, picks);
  return {
    variants: ranking.variants.map((v) => {
      const i = Number(v.id);
      return {
        value: round.variants[i] ?? i,
        runId: round.runIds?.[i] ?? null,
        label: round.labels[i] ?? `${i + 1}`,
        score: v.score,
        low: v.low,
        high: v.high,
        winChance: v.winChance,
        wins: v.wins,
        losses: v.losses,
        ties: v.ties,
        rejected: rejected[i]?.rejected ?? 0,
        rejectedRate:
          (rejected[i]?.answers ?? 0) > 0 ? (rejected[i]?.rejected ?? 0) / (rejected[i]?.answers ?? 1) : 0,
        rejectedSets: rejectedSets[i] ?? 0,
      };
    }),
    agreement: ranking.agreement,
    ties: picks.filter((r) => r.pick === "tie").length,
  };
}

/** "None of these is good" on a set: whose, on what criterion, which variants it held. */
export interface SetRejection {
  voter: string;
  guest: boolean;
  criterion: number;
  variants: readonly number[];
}

/** A closed vote's rejected sets, the team's and the guests'. */
async function rejectionsOf(db: StudioDatabase, roundId: string): Promise<SetRejection[]> {
  const rows = await db
    .select({ voter: voteRank.voter, criterion: voteRank.criterion, variants: voteFour.variants })
    .from(voteRank)
    .innerJoin(voteFour, eq(voteFour.id, voteRank.fourId))
    .where(and(eq(voteRank.roundId, roundId), eq(voteRank.rejected, true)));
  return rows.map((r) => ({ ...r, guest: r.voter.startsWith("guest:") }));
}

/** The picks of a closed vote: the team's and the guests'. */
async function picksOf(db: StudioDatabase, roundId: string): Promise<CastPick[]> {
  const pair = { a: votePair.variantA, b: votePair.variantB };
  const [team, guests] = await Promise.all([
    db
      .select({
        pairId: vote.pairId,
        voter: vote.userId,
        criterion: vote.criterion,
        pick: vote.pick,
        ...pair,
      })
      .from(vote)
      .innerJoin(votePair, eq(votePair.id, vote.pairId))
      .where(eq(vote.roundId, roundId)),
    db
      .select({
        pairId: guestVote.pairId,
        voter: guestVote.ballot,
        criterion: guestVote.criterion,
        pick: guestVote.pick,
        ...pair,
      })
      .from(guestVote)
      .innerJoin(votePair, eq(votePair.id, guestVote.pairId))
      .where(eq(guestVote.roundId, roundId)),
  ]);
  return [
    ...team.map((r) => ({ ...r, guest: false })),
    ...guests.map((r) => ({ ...r, voter: voterOf(r.voter), guest: true })),
  ];
}

/**
 * A vote's results. Open: the counts only (the team's and the guests'), for everyone (its creator
 * included), so no early ranking sways the votes still to come, whether it is settled (not who
 * leads) and who is voting now. Closed: the ranking from everyone's votes, from the team's alone
 * and from the guests' alone.
 */
export async function voteResults(db: StudioDatabase, round: VoteRoundRow): Promise<VoteResults> {
  const [counts] = await db
    .select({
      pairs: sql<number>`(select count(*)::int from vote_pair p where p.round_id = ${round.id})`,
      votes: sql<number>`(select count(*)::int from vote v where v.round_id = ${round.id})`,
      voters: sql<number>`(select count(distinct v.user_id)::int from vote v where v.round_id = ${round.id})`,
      guestVotes: sql<number>`(select count(*)::int from guest_vote g where g.round_id = ${round.id})`,
      guestVoters: sql<number>`(select count(distinct g.ballot)::int from guest_vote g where g.round_id = ${round.id})`,
    })
    .from(voteRound)
    .where(eq(voteRound.id, round.id));
  const team = { votes: counts?.votes ?? 0, voters: counts?.voters ?? 0 };
  const guests = { votes: counts?.guestVotes ?? 0, voters: counts?.guestVoters ?? 0 };
  const base = {
    id: round.id,
    experimentId: round.experimentId,
    evalSetId: round.evalSetId,
    name: round.name,
    status: round.status,
    criteria: round.criteria,
    format: round.format,
    axisName: await axisNameOf(db, round),
    pairs: counts?.pairs ?? 0,
    votes: team.votes + guests.votes,
    voters: team.voters + guests.voters,
    closedAt: round.closedAt?.toISOString() ?? null,
  };
  if (round.status !== "closed") {
    const [state, electorate, opened] = await Promise.all([
      roundVotes(db, round),
      electorateOf(db, round),
      db.select({ userId: voteBallot.userId }).from(voteBallot).where(eq(voteBallot.roundId, round.id)),
    ]);
    const settled = roundSettled(round, state, electorate);
    return {
      ...base,
      byCriterion: settled.each.map((claim, c) => ({
        name: criterionName(round.criteria, c),
        settled: claim,
        ranking: null,
      })),
      settled: settled.all,
      voting: stillVoting(round, state, electorate, new Set(opened.map((o) => o.userId))),
      ranking: null,
      team: { ...team, ranking: null, byCriterion: [] },
      guests: { ...guests, ranking: null, byCriterion: [] },
    };
  }
  const [all, rejections] = await Promise.all([picksOf(db, round.id), rejectionsOf(db, round.id)]);
  const byCriterion = Array.from({ length: criterionCount(round.criteria) }, (_, c) => ({
    name: criterionName(round.criteria, c),
    settled: null,
    ranking: rankingOf(
      round,
      all.filter((p) => p.criterion === c),
      rejections.filter((r) => r.criterion === c),
    ),
  }));
  // The team's and the guests' own rankings, each criterion apart.
  const groupOf = (guest: boolean) =>
    byCriterion.map((_, c) => {
      const mine = all.filter((p) => p.criterion === c && p.guest === guest);
      return mine.length > 0
        ? rankingOf(
            round,
            mine,
            rejections.filter((r) => r.criterion === c && r.guest === guest),
          )
        : null;
    });
  const teamRankings = groupOf(false);
  const guestRankings = groupOf(true);
  return {
    ...base,
    byCriterion,
    settled: null,
    voting: null,
    ranking:
      byCriterion[0]?.ranking ??
      rankingOf(
        round,
        all.filter((p) => p.criterion === 0),
        rejections.filter((r) => r.criterion === 0),
      ),
    team: { ...team, ranking: teamRankings[0] ?? null, byCriterion: teamRankings },
    guests: { ...guests, ranking: guestRankings[0] ?? null, byCriterion: guestRankings },
  };
}
