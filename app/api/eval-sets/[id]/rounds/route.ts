import { requireUser } from "@/lib/server/auth/guard";
import { evalSetIdParam } from "@/lib/server/eval-sets/http";
import { evalSetRow } from "@/lib/server/eval-sets/records";
import { errorsResponse } from "@/lib/server/experiments/http";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { listRounds } from "@/lib/server/votes/rounds";
import { createSetRound } from "@/lib/server/votes/set-rounds";
import { setRoundCreateSchema } from "@/lib/studio/experiments/votes";

type Params = { params: Promise<{ id: string }> };

const noSet = () =>
  errorsResponse(404, [
    { code: "evalSetNotFound", message: "There is no such evaluation set.", parameter: "id" },
  ]);

/** The set's blind votes between runs, newest first (at most 50), with counts and the asker's progress. */
export const GET = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const id = evalSetIdParam((await params).id);
  if (id instanceof Response) return id;
  const db = runtime.database.db;
  if (!(await evalSetRow(db, id))) return noSet();
  return Response.json({ data: { items: await listRounds(db, { evalSetId: id }, user.id) } });
});

/**
 * Opens a blind vote `{ runs: [runId, runId, …], name? }` between 2 to 4 runs of the set: one pair
 * per two runs per case both have a result for.
 */
export const POST = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "generate");
  if (user instanceof Response) return user;
  const id = evalSetIdParam((await params).id);
  if (id instanceof Response) return id;
  const body = await readJson(request, setRoundCreateSchema);
  if (!body.ok) return body.response;
  const outcome = await createSetRound(runtime.database.db, id, body.value, user.id);
  if (!outcome.ok) return errorsResponse(outcome.status, outcome.errors);
  runtime.log.publishGallery({ kind: "round", anchorId: id, roundId: outcome.value.id });
  return Response.json({ data: { id: outcome.value.id, name: outcome.value.name } }, { status: 201 });
});
