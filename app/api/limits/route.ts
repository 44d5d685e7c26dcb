import { requireUser } from "@/lib/server/auth/guard";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { studioLimitsSchema } from "@/lib/studio/limits";

/** The studio's caps on generation (owner only). */
export const GET = handled(async (request: Request) => {
  const { gate, limits } = await getRuntime();
  const user = await requireUser(gate, request, "manage");
  if (user instanceof Response) return user;
  return Response.json({ data: limits.current() });
});

/** New caps, all four at once; they apply to the next request (waiting tasks move if there is room). */
export const PUT = handled(async (request: Request) => {
  const { gate, limits } = await getRuntime();
  const user = await requireUser(gate, request, "manage");
  if (user instanceof Response) return user;
  const body = await readJson(request, studioLimitsSchema);
  if (!body.ok) return body.response;
  return Response.json({ data: await limits.update(body.value, user.id) });
});
