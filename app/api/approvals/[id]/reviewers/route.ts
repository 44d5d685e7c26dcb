import { route } from "@/lib/server/api/route";
import { addReviewer } from "@/lib/server/approvals/reviewers";
import { requestOrigin } from "@/lib/server/http/origin";
import { actorOf } from "@/lib/server/items/actor";
import { api } from "@/lib/studio/api";

export const POST = route(api.approvals.addReviewer, ({ runtime, user, params, body, request, deps }) =>
  addReviewer(deps, actorOf(user), params.id, body, runtime.env.STUDIO_URL ?? requestOrigin(request)),
);
