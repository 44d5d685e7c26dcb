import { requireUser } from "@/lib/server/auth/guard";
import { errorResponse, studioErrors } from "@/lib/server/auth/studio-errors";
import { getRuntime } from "@/lib/server/runtime";

/** Revokes an open invitation: its link stops working at once. */
export async function DELETE(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { gate, team } = await getRuntime();
  const user = await requireUser(gate, request, "manage");
  if (user instanceof Response) return user;
  const { id } = await params;
  if (!(await team.revokeInvitation(id)))
    return errorResponse(studioErrors.notFound("open invitation", "id"));
  return new Response(null, { status: 204 });
}
