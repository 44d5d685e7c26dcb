import { route } from "@/lib/server/api/route";
import { decide } from "@/lib/server/approvals/decide";
import { approvalView } from "@/lib/server/approvals/view";
import { actorOf } from "@/lib/server/items/actor";
import { api } from "@/lib/studio/api";

export const POST = route(api.approvals.decide, async ({ user, params, body, deps }) => {
  await decide(deps, { userId: user.id }, params.id, body, user.id);
  return { approval: await approvalView(deps.db, params.id, actorOf(user)) };
});
