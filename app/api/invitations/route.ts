import { dataResponse, route } from "@/lib/server/api/route";
import { invitationLink, invitationViews, linkOrigin } from "@/lib/server/auth/team-views";
import { api } from "@/lib/studio/api";

export const GET = route(api.invitations.list, async ({ runtime, request }) => {
  const views = await invitationViews(runtime.team, linkOrigin(request, runtime.gate.publicUrl));
  // Open invitations carry their links: no cache keeps them.
  return dataResponse(views, { headers: { "cache-control": "no-store" } });
});

export const POST = route(api.invitations.create, async ({ runtime, user, body, request }) => {
  const { token, expiresAt } = await runtime.team.createInvitation(
    user.id,
    body.role,
    body.email || undefined,
  );
  return {
    url: invitationLink(linkOrigin(request, runtime.gate.publicUrl), token),
    role: body.role,
    expiresAt: expiresAt.toISOString(),
  };
});
