import { route } from "@/lib/server/api/route";
import { createApproval } from "@/lib/server/approvals/create";
import { listApprovals } from "@/lib/server/approvals/lists";
import { requestOrigin } from "@/lib/server/http/origin";
import { actorOf } from "@/lib/server/items/actor";
import { api } from "@/lib/studio/api";

export const GET = route(api.approvals.list, ({ user, query, db }) =>
  listApprovals(db, actorOf(user), query),
);

export const POST = route(api.approvals.create, ({ runtime, user, body, request, deps }) =>
  createApproval(deps, actorOf(user), body, runtime.env.STUDIO_URL ?? requestOrigin(request)),
);
