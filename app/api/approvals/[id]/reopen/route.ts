import { route } from "@/lib/server/api/route";
import { reopenApproval } from "@/lib/server/approvals/manage";
import { actorOf } from "@/lib/server/items/actor";
import { api } from "@/lib/studio/api";

export const POST = route(api.approvals.reopen, async ({ user, params, deps }) => ({
  approval: await reopenApproval(deps, actorOf(user), params.id),
}));
