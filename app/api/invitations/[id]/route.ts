import { route } from "@/lib/server/api/route";
import { api } from "@/lib/studio/api";
import { studioErrors } from "@/lib/studio/api/errors";

export const DELETE = route(api.invitations.revoke, async ({ runtime, params }) => {
  if (!(await runtime.team.revokeInvitation(params.id))) throw studioErrors.notFound("open invitation", "id");
});
