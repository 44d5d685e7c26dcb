import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { guestVote, type ShareLinkRow, type VoteRoundRow } from "@/lib/server/db/schema";
import type { OrganizeDeps } from "@/lib/server/items/live";
import { api } from "@/lib/studio/api";
import { studioErrors } from "@/lib/studio/api/errors";
import type { GuestBallot } from "@/lib/studio/api/guest-votes";
import { urlOf } from "@/lib/studio/api/url";
import { type BallotPick, type PickInput, type RankInput, voteAnchor } from "@/lib/studio/votes/input";
import { ballotOf, type Voters } from "./ballot";
import { ballotMediaId, ballotMediaKey } from "./ballot-media";
import { castRank, castVote } from "./cast";
import { admitGuestVoter, checkNotDiscarded, type GuestVoteDeps } from "./guest-voters";
import { ballotOfVoter, voterOf } from "./next-pairs";

/**
 * Guests' ballots through a vote's share link that takes votes. A browser's ballot is a random
 * secret in a cookie; the studio keeps only its SHA-256, so the stored picks cannot be replayed
 * as anyone's cookie. Guests are served the same pairs, order and sides as members
 * (lib/server/votes/ballot.ts), under a voter id no member's id can equal.
 */

export const GUEST_BALLOT_COOKIE = "guest_ballot";
/** 32 random bytes, base64url: a ballot nobody guesses. */
const SECRET_RE = /^[A-Za-z0-9_-]{43}$/;
const YEAR_S = 365 * 24 * 60 * 60;

export const newBallotSecret = (): string => randomBytes(32).toString("base64url");

const ballotOfSecret = (secret: string): string => createHash("sha256").update(secret).digest("hex");

/** The ballot secret a request's cookie carries, or null (none, or not one the studio made). */
export function ballotSecretOf(request: Request): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    const secret = value.join("=");
    if (name === GUEST_BALLOT_COOKIE && SECRET_RE.test(secret)) return secret;
  }
  return null;
}

/** The cookie a browser keeps its ballot in: sent to this link's API only, never read by scripts. */
export function ballotCookie(token: string, secret: string, secure: boolean): string {
  const path = `/api/share/${token}`;
  return `${GUEST_BALLOT_COOKIE}=${secret}; Path=${path}; Max-Age=${YEAR_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

function guestVoters(token: string, link: ShareLinkRow): Voters {
  return {
    async store(tx, { pairId, voterId, roundId, criterion, pick }) {
      await checkNotDiscarded(tx, roundId, ballotOfVoter(voterId));
      await tx
        .insert(guestVote)
        .values({ pairId, ballot: ballotOfVoter(voterId), roundId, shareLinkId: link.id, criterion, pick })
        .onConflictDoUpdate({
          target: [guestVote.pairId, guestVote.ballot, guestVote.criterion],
          set: { pick, shareLinkId: link.id, updatedAt: sql`now()` },
        });
    },
    mediaUrl: (round, itemId) =>
      urlOf(api.guestVotes.media, { params: { token, mediaId: ballotMediaId(round, itemId) } }),
    // A guest sees no labels anywhere: nothing to hide from them.
    opened: async () => {},
  };
}

/**
 * A vote's link that takes votes, with its vote: route() resolves it from the path's token
 * (lib/server/api/link-callers.ts, `voteLinkCaller`) before any of these run.
 */
export type BallotLink = ShareLinkRow & { token: string; round: VoteRoundRow };

/** A browser's ballot: its pairs as the members' ballot serves them, without the vote's ids. */
export async function guestBallot(
  deps: OrganizeDeps,
  link: BallotLink,
  secret: string,
): Promise<GuestBallot> {
  return ballotOfGuest(deps, link.token, secret, link, link.round);
}

async function ballotOfGuest(
  deps: OrganizeDeps,
  token: string,
  secret: string,
  link: ShareLinkRow,
  round: VoteRoundRow,
): Promise<GuestBallot> {
  const {
    id: _id,
    experimentId: _e,
    evalSetId: _s,
    ...ballot
  } = await ballotOf(deps.db, round, voterOf(ballotOfSecret(secret)), guestVoters(token, link));
  return ballot;
}

/** Counts one pick against the link's and the address's budgets, or refuses it with a 429. */
async function takeBudget(deps: GuestVoteDeps, linkId: string, address: string): Promise<void> {
  const byAddress = await deps.limits.take("guestPicksByAddress", address);
  if (byAddress) throw studioErrors.guestVotesLimited("address", byAddress);
  const byLink = await deps.limits.take("guestPicksByLink", linkId);
  if (byLink) throw studioErrors.guestVotesLimited("link", byLink);
}

/**
 * A browser's pick on a pair of an open vote, through a live link that takes votes. A ballot's
 * first answer makes it a voter, within the link's and the address's budgets of new voters.
 */
export async function castGuestPick(
  deps: GuestVoteDeps,
  link: BallotLink,
  secret: string | null,
  address: string,
  input: PickInput,
): Promise<{ pairId: string; pick: BallotPick; ballot: GuestBallot }> {
  const out = await asGuest(deps, link, secret, address, (voterId, voters) =>
    castVote(deps.db, link.round, voterId, input, voters),
  );
  // The ballot as it is now: its next pair chosen with this pick counted, as a member's pick answers.
  return { ...out, ballot: await ballotOfGuest(deps, link.token, secret as string, link, link.round) };
}

/** A browser's order of one four it was shown, as a pick: same checks, same budgets. */
export async function castGuestRank(
  deps: GuestVoteDeps,
  link: BallotLink,
  secret: string | null,
  address: string,
  input: RankInput,
): Promise<{ fourId: string; ballot: GuestBallot }> {
  const out = await asGuest(deps, link, secret, address, (voterId, voters) =>
    castRank(deps.db, link.round, voterId, input, voters),
  );
  return { ...out, ballot: await ballotOfGuest(deps, link.token, secret as string, link, link.round) };
}

async function asGuest<T>(
  deps: GuestVoteDeps,
  link: BallotLink,
  secret: string | null,
  address: string,
  cast: (voterId: string, voters: Voters) => Promise<T>,
): Promise<T> {
  const { token, round } = link;
  if (!secret) throw studioErrors.guestBallotMissing();
  if (round.status !== "open") throw studioErrors.voteClosed();
  await takeBudget(deps, link.id, address);
  const ballot = ballotOfSecret(secret);
  await admitGuestVoter(deps, { roundId: round.id, linkId: link.id, ballot, address });
  const out = await cast(voterOf(ballot), guestVoters(token, link));
  deps.log.publishGallery({ kind: "round", anchorId: voteAnchor(round), roundId: round.id });
  return out;
}

/** The stored media a guest ballot's id names, through a live link that takes votes. */
export async function guestBallotMediaKey(
  deps: OrganizeDeps,
  { round }: BallotLink,
  mediaId: string,
): Promise<string> {
  // A guest sees what a viewer sees: an item in the trash no longer shows.
  const key = await ballotMediaKey(deps.db, round, mediaId, "viewer");
  if (!key) throw studioErrors.voteMediaNotFound();
  return key;
}
