import { requireUser } from "@/lib/server/auth/guard";
import { errorResponse, studioErrors } from "@/lib/server/auth/studio-errors";
import { handled } from "@/lib/server/http/handle";
import { idParam } from "@/lib/server/http/params";
import { getRuntime } from "@/lib/server/runtime";

/** Revokes an open invitation: its link stops working at once. */
export const DELETE = handled(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { gate, team } = await getRuntime();
  const user = await requireUser(gate, request, "manage");
  if (user instanceof Response) return user;
  const id = idParam((await params).id, "id");
  if (id instanceof Response) return id;
  if (!(await team.revokeInvitation(id)))
    return errorResponse(studioErrors.notFound("open invitation", "id"));
  return new Response(null, { status: 204 });
});
