import { route } from "@/lib/server/api/route";
import { updateApproval } from "@/lib/server/approvals/manage";
import { approvalView } from "@/lib/server/approvals/view";
import { actorOf } from "@/lib/server/items/actor";
import { api } from "@/lib/studio/api";

export const GET = route(api.approvals.get, async ({ user, params, db }) => ({
  approval: await approvalView(db, params.id, actorOf(user)),
}));

export const PATCH = route(api.approvals.update, async ({ user, params, body, deps }) => ({
  approval: await updateApproval(deps, actorOf(user), params.id, body),
}));
