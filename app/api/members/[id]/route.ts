import { requireUser } from "@/lib/server/auth/guard";
import { handled } from "@/lib/server/http/handle";
import { idParam } from "@/lib/server/http/params";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { setRoleSchema } from "@/lib/studio/accounts";

type Params = { params: Promise<{ id: string }> };

/** Changes a member's role (owner only; the last owner stays owner). */
export const PATCH = handled(async (request: Request, { params }: Params) => {
  const { gate, team } = await getRuntime();
  const user = await requireUser(gate, request, "manage");
  if (user instanceof Response) return user;
  const body = await readJson(request, setRoleSchema);
  if (!body.ok) return body.response;
  const id = idParam((await params).id, "id");
  if (id instanceof Response) return id;
  return Response.json({ data: await team.setRole(id, body.value.role) });
});

/** Removes a member: no more sign-in, sessions ended, their results stay in the gallery. */
export const DELETE = handled(async (request: Request, { params }: Params) => {
  const { gate, team } = await getRuntime();
  const user = await requireUser(gate, request, "manage");
  if (user instanceof Response) return user;
  const id = idParam((await params).id, "id");
  if (id instanceof Response) return id;
  await team.removeMember(id);
  return new Response(null, { status: 204 });
});
