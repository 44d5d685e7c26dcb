import { dataResponse, route } from "@/lib/server/api/route";
import { linkOrigin, resetLink } from "@/lib/server/auth/team-views";
import { api } from "@/lib/studio/api";

export const POST = route(api.members.resetLink, async ({ runtime, user, params, request }) => {
  const { token, expiresAt } = await runtime.resets.create(user, params.id);
  const url = resetLink(linkOrigin(request, runtime.gate.publicUrl), token);
  // The link opens the member's account: no cache keeps it.
  return dataResponse(
    { url, expiresAt: expiresAt.toISOString() },
    { status: 201, headers: { "cache-control": "no-store" } },
  );
});
