import { route } from "@/lib/server/api/route";
import { removeReviewer, replaceReviewer } from "@/lib/server/approvals/reviewers";
import { requestOrigin } from "@/lib/server/http/origin";
import { actorOf } from "@/lib/server/items/actor";
import { api } from "@/lib/studio/api";

export const PUT = route(api.approvals.replaceReviewer, ({ runtime, user, params, body, request, deps }) =>
  replaceReviewer(
    deps,
    actorOf(user),
    params.id,
    params.reviewerId,
    body,
    runtime.env.STUDIO_URL ?? requestOrigin(request),
  ),
);

export const DELETE = route(api.approvals.removeReviewer, async ({ user, params, deps }) => ({
  approval: await removeReviewer(deps, actorOf(user), params.id, params.reviewerId),
}));
