import { route } from "@/lib/server/api/route";
import { CLIENT_IP_HEADER } from "@/lib/server/http/request-stamp";
import { ballotSecretOf, castGuestPick } from "@/lib/server/votes/guest-ballot";
import { api } from "@/lib/studio/api";

export const POST = route(api.guestVotes.pick, async ({ runtime, params, body, request }) =>
  castGuestPick(
    { db: runtime.database.db, log: runtime.log, limits: runtime.rateLimits },
    params.token,
    ballotSecretOf(request),
    request.headers.get(CLIENT_IP_HEADER) ?? "unknown",
    body,
  ),
);
