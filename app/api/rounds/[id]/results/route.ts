import { requireUser } from "@/lib/server/auth/guard";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";
import { roundParam } from "@/lib/server/votes/http";
import { roundResults } from "@/lib/server/votes/results";

type Params = { params: Promise<{ id: string }> };

/**
 * A blind vote's results: while open only its counts (pairs, votes, voters), for everyone; once
 * closed the ranking with a 95% interval per variant and the voters' agreement.
 */
export const GET = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const round = await roundParam(runtime.database.db, (await params).id);
  if (round instanceof Response) return round;
  return Response.json({ data: await roundResults(runtime.database.db, round) });
});
