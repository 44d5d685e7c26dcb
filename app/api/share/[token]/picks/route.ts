import { route } from "@/lib/server/api/route";
import { CLIENT_IP_HEADER } from "@/lib/server/http/request-stamp";
import { ballotSecretOf, castGuestPick } from "@/lib/server/votes/guest-ballot";
import { api } from "@/lib/studio/api";

export const POST = route(api.guestVotes.pick, async ({ deps, limits, link, body, request }) =>
  castGuestPick(
    { ...deps, limits },
    link,
    ballotSecretOf(request),
    request.headers.get(CLIENT_IP_HEADER) ?? "unknown",
    body,
  ),
);
