import { dataResponse, route } from "@/lib/server/api/route";
import { wantsSecureCookies } from "@/lib/server/auth/cookie-security";
import { ballotCookie, ballotSecretOf, guestBallot, newBallotSecret } from "@/lib/server/votes/guest-ballot";
import { api } from "@/lib/studio/api";

export const GET = route(api.guestVotes.ballot, async ({ runtime, deps, link, params, request }) => {
  const known = ballotSecretOf(request);
  const secret = known ?? newBallotSecret();
  const ballot = await guestBallot(deps, link, secret);
  const headers = new Headers({ "cache-control": "no-store" });
  // A new browser gets its ballot here; the cookie is set only once the link was found live.
  if (!known)
    headers.set(
      "set-cookie",
      ballotCookie(params.token, secret, wantsSecureCookies(request, runtime.env.STUDIO_URL)),
    );
  return dataResponse(ballot, { headers });
});
