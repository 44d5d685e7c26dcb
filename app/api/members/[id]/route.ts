import { requireUser } from "@/lib/server/auth/guard";
import { answer } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { setRoleSchema } from "@/lib/studio/accounts";

type Params = { params: Promise<{ id: string }> };

/** Changes a member's role (owner only; the last owner stays owner). */
export async function PATCH(request: Request, { params }: Params) {
  const { gate, team } = await getRuntime();
  const user = await requireUser(gate, request, "manage");
  if (user instanceof Response) return user;
  const body = await readJson(request, setRoleSchema);
  if (!body.ok) return body.response;
  const { id } = await params;
  return answer(async () => Response.json({ data: await team.setRole(id, body.value.role) }));
}

/** Removes a member: no more sign-in, sessions ended, their results stay in the gallery. */
export async function DELETE(request: Request, { params }: Params) {
  const { gate, team } = await getRuntime();
  const user = await requireUser(gate, request, "manage");
  if (user instanceof Response) return user;
  const { id } = await params;
  return answer(async () => {
    await team.removeMember(id);
    return new Response(null, { status: 204 });
  });
}
