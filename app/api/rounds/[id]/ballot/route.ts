import { requireUser } from "@/lib/server/auth/guard";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";
import { ballotOf } from "@/lib/server/votes/ballot";
import { roundParam } from "@/lib/server/votes/http";

type Params = { params: Promise<{ id: string }> };

/**
 * The asking member's ballot (reviewer and up): opaque pair ids and media only, in their own
 * order and sides, with their picks so far. No label, prompt, setting or author.
 */
export const GET = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "review");
  if (user instanceof Response) return user;
  const round = await roundParam(runtime.database.db, (await params).id);
  if (round instanceof Response) return round;
  return Response.json({ data: await ballotOf(runtime.database.db, round, user.id) });
});
