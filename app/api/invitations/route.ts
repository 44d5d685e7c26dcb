import { requireUser } from "@/lib/server/auth/guard";
import { handled } from "@/lib/server/http/handle";
import { requestOrigin } from "@/lib/server/http/origin";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { createInvitationSchema } from "@/lib/studio/accounts";

/** The owner's invitations, open and past; an open one carries its link, to copy again. */
export const GET = handled(async (request: Request) => {
  const { gate, team } = await getRuntime();
  const user = await requireUser(gate, request, "manage");
  if (user instanceof Response) return user;
  const origin = gate.publicUrl ?? requestOrigin(request);
  const data = (await team.listInvitations()).map(({ token, ...row }) => ({
    ...row,
    url: token ? new URL(`/invite/${token}`, origin).toString() : null,
  }));
  return Response.json({ data }, { headers: { "cache-control": "no-store" } });
});

/** A new invitation link with a role, for the owner to send. */
export const POST = handled(async (request: Request) => {
  const { gate, team } = await getRuntime();
  const user = await requireUser(gate, request, "manage");
  if (user instanceof Response) return user;
  const body = await readJson(request, createInvitationSchema);
  if (!body.ok) return body.response;
  const { token, expiresAt } = await team.createInvitation(
    user.id,
    body.value.role,
    body.value.email || undefined,
  );
  const origin = gate.publicUrl ?? requestOrigin(request);
  return Response.json(
    { data: { url: new URL(`/invite/${token}`, origin).toString(), role: body.value.role, expiresAt } },
    { status: 201 },
  );
});
