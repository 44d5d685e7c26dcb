import { route } from "@/lib/server/api/route";
import { CLIENT_IP_HEADER } from "@/lib/server/http/request-stamp";
import { ballotSecretOf, castGuestRank } from "@/lib/server/votes/guest-ballot";
import { api } from "@/lib/studio/api";

export const POST = route(api.guestVotes.rank, async ({ deps, limits, link, body, request }) =>
  castGuestRank(
    { ...deps, limits },
    link,
    ballotSecretOf(request),
    request.headers.get(CLIENT_IP_HEADER) ?? "unknown",
    body,
  ),
);
