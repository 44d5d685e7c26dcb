import { requireUser } from "@/lib/server/auth/guard";
import { errorsResponse, experimentIdParam } from "@/lib/server/experiments/http";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { axisNames, createRound, listRounds } from "@/lib/server/votes/rounds";
import { roundCreateSchema } from "@/lib/studio/experiments/votes";

type Params = { params: Promise<{ id: string }> };

const noExperiment = () =>
  errorsResponse(404, [
    { code: "experimentNotFound", message: "There is no such experiment.", parameter: "id" },
  ]);

/** The experiment's blind votes, newest first (at most 50), with counts and the asker's progress. */
export const GET = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const id = experimentIdParam((await params).id);
  if (id instanceof Response) return id;
  const db = runtime.database.db;
  const names = await axisNames(db, id);
  if (!names) return noExperiment();
  const rounds = await listRounds(db, { experimentId: id }, user.id, names);
  return Response.json({ data: { items: rounds } });
});

/**
 * Opens a blind vote `{ axis, values?, name? }` over values of one axis (all by default): one
 * pair per two values per combination of the other axes, from the cells with results.
 */
export const POST = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "generate");
  if (user instanceof Response) return user;
  const id = experimentIdParam((await params).id);
  if (id instanceof Response) return id;
  const body = await readJson(request, roundCreateSchema);
  if (!body.ok) return body.response;
  const outcome = await createRound(runtime.database.db, id, body.value, user.id);
  if (!outcome.ok) return errorsResponse(outcome.status, outcome.errors);
  runtime.log.publishGallery({ kind: "round", anchorId: id, roundId: outcome.value.id });
  return Response.json({ data: { id: outcome.value.id, name: outcome.value.name } }, { status: 201 });
});
