import { route } from "@/lib/server/api/route";
import { memberView } from "@/lib/server/auth/team-views";
import { api } from "@/lib/studio/api";

export const PATCH = route(api.members.setRole, async ({ runtime, params, body }) =>
  memberView(await runtime.team.setRole(params.id, body.role)),
);

export const DELETE = route(api.members.remove, async ({ runtime, params }) => {
  await runtime.team.removeMember(params.id);
});
