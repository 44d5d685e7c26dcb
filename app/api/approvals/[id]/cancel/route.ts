import { route } from "@/lib/server/api/route";
import { cancelApproval } from "@/lib/server/approvals/manage";
import { actorOf } from "@/lib/server/items/actor";
import { api } from "@/lib/studio/api";

export const POST = route(api.approvals.cancel, async ({ user, params, deps }) => ({
  approval: await cancelApproval(deps, actorOf(user), params.id),
}));
