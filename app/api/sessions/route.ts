import { requireUser } from "@/lib/server/auth/guard";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";

/** Signs the current user out on every device, this one included. */
export const DELETE = handled(async (request: Request) => {
  const { gate, team } = await getRuntime();
  const user = await requireUser(gate, request, "view");
  if (user instanceof Response) return user;
  const ended = await team.signOutEverywhere(user.id);
  return Response.json({ data: { ended } });
});
