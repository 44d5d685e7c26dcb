import { z } from "zod";
import { BALLOT_PICKS, pickSchema, rankSchema } from "@/lib/studio/votes/input";
import { resource, uuid } from "./endpoint";
import { ballotSchema } from "./votes";

/**
 * Guests' blind votes through a vote's share link that takes them: no account, one ballot per
 * browser (a random secret in an httpOnly cookie scoped to the link's `/api/share/{token}` path).
 * A guest's ballot is a member's ballot without the vote's or its experiment's ids.
 */

export const guestBallotSchema = ballotSchema.omit({ id: true, experimentId: true, evalSetId: true });
export type GuestBallot = z.infer<typeof guestBallotSchema>;

/** One guest who voted, as the vote's owner sees them: no address, only which guests share one. */
export const guestVoterSchema = z.object({
  /** The ballot's hash: names the guest to discard, and nothing the guest could vote with. */
  id: z.string(),
  /** "Guest 1", in the order they first voted. */
  name: z.string(),
  /** "Address A": guests with the same name voted from one network address; null when not known. */
  place: z.string().nullable(),
  votes: z.number().int(),
  firstVoteAt: z.string(),
  discardedAt: z.string().nullable(),
  discardedByName: z.string().nullable(),
});
export type GuestVoter = z.infer<typeof guestVoterSchema>;

/** Counts are of guests whose votes count (discarded ones apart); the list names every one. */
export const guestVotersSchema = z.object({
  voters: z.number().int(),
  votes: z.number().int(),
  /** How many network addresses those voters came from. */
  addresses: z.number().int(),
  discarded: z.number().int(),
  guests: z.array(guestVoterSchema),
});
export type GuestVoters = z.infer<typeof guestVotersSchema>;

// A token is checked by looking it up: a malformed one is a dead link like any other (404).
const tokenParams = z.object({ token: z.string() });
const linkErrors = ["shareLinkGone", "guestVotingOff"] as const;

export const guestVotes = resource("guestVotes", {
  ballot: {
    method: "GET",
    path: "/api/share/{token}/ballot",
    summary:
      "This browser's ballot through a link that takes votes: opaque pairs in its own order and sides, its picks so far. The first visit sets the ballot's cookie.",
    access: "public",
    caller: { kind: "voteLink" },
    params: tokenParams,
    response: guestBallotSchema,
    errors: [...linkErrors],
  },
  pick: {
    method: "POST",
    path: "/api/share/{token}/picks",
    summary:
      "This browser's pick on one pair as it saw it; sending again changes it, until the vote is closed or the link revoked. Picks, and new voters, are limited per link and per address.",
    access: "public",
    caller: { kind: "voteLink" },
    params: tokenParams,
    body: pickSchema,
    response: z.object({ pairId: z.string(), pick: z.enum(BALLOT_PICKS), ballot: guestBallotSchema }),
    errors: [
      ...linkErrors,
      "guestBallotMissing",
      "guestBallotDiscarded",
      "voteClosed",
      "pairNotFound",
      "notAsked",
      "guestVotesLimited",
      "guestVotersLimited",
    ],
    invalidates: ["guestVotes"],
  },
  rank: {
    method: "POST",
    path: "/api/share/{token}/ranks",
    summary:
      "This browser's order of one set it was shown, best first (some at one place with `ties`), or `rejected`: none of them is good, for one criterion; within the same limits as its picks.",
    access: "public",
    caller: { kind: "voteLink" },
    params: tokenParams,
    body: rankSchema,
    response: z.object({ fourId: z.string(), ballot: guestBallotSchema }),
    errors: [
      ...linkErrors,
      "guestBallotMissing",
      "guestBallotDiscarded",
      "voteClosed",
      "fourNotFound",
      "notAsked",
      "guestVotesLimited",
      "guestVotersLimited",
    ],
    invalidates: ["guestVotes"],
  },
  media: {
    method: "GET",
    path: "/api/share/{token}/ballot-media/{mediaId}",
    summary: "A guest ballot's picture or video, under the vote's own id for it; ranges for video.",
    access: "public",
    caller: { kind: "voteLink" },
    params: z.object({
      token: z.string(),
      mediaId: z.string().regex(/^[A-Za-z0-9_-]{32}$/, "mediaId is not one of this vote's media."),
    }),
    produces: "image/* or video/*",
    errors: [...linkErrors, "voteMediaNotFound"],
  },
  voters: {
    method: "GET",
    path: "/api/votes/{id}/guests",
    summary:
      "A vote's guest voters, for those who may close it: how many voted, from how many network addresses, and each one's votes.",
    access: "generate",
    params: z.object({ id: uuid() }),
    response: guestVotersSchema,
    errors: ["voteNotFound"],
  },
  discard: {
    method: "POST",
    path: "/api/votes/{id}/guests/{guestId}/discard",
    summary:
      "Discards one guest's votes: the rankings no longer count them and that browser votes no more. Discarding again changes nothing.",
    access: "generate",
    params: z.object({
      id: uuid(),
      guestId: z.string().regex(/^[0-9a-f]{64}$/, "guestId is not one of this vote's guests."),
    }),
    response: z.object({ id: z.string(), votes: z.number().int() }),
    errors: ["voteNotFound", "guestNotFound"],
    invalidates: ["votes", "guestVotes"],
  },
});
