import { requireUser } from "@/lib/server/auth/guard";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";

/** The team: every member can see who else is in it and with which role. */
export const GET = handled(async (request: Request) => {
  const { gate, team } = await getRuntime();
  const user = await requireUser(gate, request, "view");
  if (user instanceof Response) return user;
  return Response.json({ data: await team.listMembers() });
});
