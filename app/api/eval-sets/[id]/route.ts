import { requireUser } from "@/lib/server/auth/guard";
import { evalSetIdParam } from "@/lib/server/eval-sets/http";
import { deleteEvalSet, evalSetRow, setNotFound, updateEvalSet } from "@/lib/server/eval-sets/records";
import { runSummaries } from "@/lib/server/eval-sets/runs";
import { outcomeResponse } from "@/lib/server/experiments/http";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { updateSetSchema } from "@/lib/studio/eval-sets/input";

type Params = { params: Promise<{ id: string }> };

/** A set: its name, version and cases, and its newest 50 runs with their progress and ratings. */
export const GET = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const id = evalSetIdParam((await params).id);
  if (id instanceof Response) return id;
  const db = runtime.database.db;
  const row = await evalSetRow(db, id);
  if (!row) return outcomeResponse(setNotFound());
  return Response.json({
    data: {
      id: row.id,
      name: row.name,
      version: row.version,
      cases: row.cases,
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      runs: await runSummaries(db, id),
    },
  });
});

/** `{ name?, cases? }`: changed cases make a new version of the set. */
export const PATCH = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "generate");
  if (user instanceof Response) return user;
  const id = evalSetIdParam((await params).id);
  if (id instanceof Response) return id;
  const body = await readJson(request, updateSetSchema, 512 * 1024);
  if (!body.ok) return body.response;
  const outcome = await updateEvalSet(runtime.database.db, id, body.value);
  return outcomeResponse(
    outcome.ok
      ? { ok: true, value: { id, name: outcome.value.name, version: outcome.value.version } }
      : outcome,
  );
});

/** Deletes the set and its run records; the runs' experiments and results stay. */
export const DELETE = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "generate");
  if (user instanceof Response) return user;
  const id = evalSetIdParam((await params).id);
  if (id instanceof Response) return id;
  return outcomeResponse(await deleteEvalSet(runtime.database.db, id));
});
