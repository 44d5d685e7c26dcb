import { z } from "zod";
import { BALLOT_PICKS, pickSchema } from "@/lib/studio/votes/input";
import { resource } from "./endpoint";
import { ballotSchema } from "./votes";

/**
 * Guests' blind votes through a vote's share link that takes them: no account, one ballot per
 * browser (a random secret in an httpOnly cookie scoped to the link's `/api/share/{token}` path).
 * A guest's ballot is a member's ballot without the vote's or its experiment's ids.
 */

export const guestBallotSchema = ballotSchema.omit({ id: true, experimentId: true, evalSetId: true });
export type GuestBallot = z.infer<typeof guestBallotSchema>;

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
    params: tokenParams,
    response: guestBallotSchema,
    errors: [...linkErrors],
  },
  pick: {
    method: "POST",
    path: "/api/share/{token}/picks",
    summary:
      "This browser's pick on one pair as it saw it; sending again changes it, until the vote is closed or the link revoked. Limited per link and per address.",
    access: "public",
    params: tokenParams,
    body: pickSchema,
    response: z.object({ pairId: z.string(), pick: z.enum(BALLOT_PICKS), ballot: guestBallotSchema }),
    errors: [...linkErrors, "guestBallotMissing", "voteClosed", "pairNotFound", "guestVotesLimited"],
  },
  media: {
    method: "GET",
    path: "/api/share/{token}/ballot-media/{mediaId}",
    summary: "A guest ballot's picture or video, under the vote's own id for it; ranges for video.",
    access: "public",
    params: z.object({
      token: z.string(),
      mediaId: z.string().regex(/^[A-Za-z0-9_-]{32}$/, "mediaId is not one of this vote's media."),
    }),
    produces: "image/* or video/*",
    errors: [...linkErrors, "voteMediaNotFound"],
  },
});
