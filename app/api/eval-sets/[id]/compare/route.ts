import { requireUser } from "@/lib/server/auth/guard";
import { evalSetIdParam, runIdsParam } from "@/lib/server/eval-sets/http";
import { compareRuns } from "@/lib/server/eval-sets/runs";
import { outcomeResponse } from "@/lib/server/experiments/http";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";
import { MAX_COMPARED_RUNS } from "@/lib/studio/eval-sets/input";

type Params = { params: Promise<{ id: string }> };

/**
 * `?runs=a,b` (up to 4 run ids): the set's cases as rows, each run's result for each case with the
 * team's ratings of it, and per run its mean rating and how many ratings it has.
 */
export const GET = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const id = evalSetIdParam((await params).id);
  if (id instanceof Response) return id;
  const runs = runIdsParam(new URL(request.url).searchParams.get("runs"), MAX_COMPARED_RUNS);
  if (runs instanceof Response) return runs;
  return outcomeResponse(await compareRuns(runtime.database.db, id, runs));
});
