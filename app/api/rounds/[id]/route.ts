import { requireUser } from "@/lib/server/auth/guard";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";
import { roundParam } from "@/lib/server/votes/http";
import { listRounds } from "@/lib/server/votes/rounds";

type Params = { params: Promise<{ id: string }> };

/**
 * One blind vote as its list shows it (`{ items: [summary] }`, the shape of an experiment's or a
 * set's rounds): its counts and the asking member's progress. The page of a vote over picked
 * gallery results reads it.
 */
export const GET = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const round = await roundParam(runtime.database.db, (await params).id);
  if (round instanceof Response) return round;
  const items = await listRounds(runtime.database.db, { roundId: round.id }, user.id);
  return Response.json({ data: { items } });
});
