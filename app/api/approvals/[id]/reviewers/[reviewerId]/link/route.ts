import { route } from "@/lib/server/api/route";
import { reissueGuestLink, revokeGuestLink } from "@/lib/server/approvals/links";
import { requestOrigin } from "@/lib/server/http/origin";
import { actorOf } from "@/lib/server/items/actor";
import { api } from "@/lib/studio/api";

export const POST = route(api.approvals.reissueLink, ({ runtime, user, params, request, deps }) =>
  reissueGuestLink(
    deps,
    actorOf(user),
    params.id,
    params.reviewerId,
    runtime.env.STUDIO_URL ?? requestOrigin(request),
  ),
);

export const DELETE = route(api.approvals.revokeLink, async ({ user, params, deps }) => ({
  approval: await revokeGuestLink(deps, actorOf(user), params.id, params.reviewerId),
}));
