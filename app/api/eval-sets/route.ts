import { requireUser } from "@/lib/server/auth/guard";
import { limitParam } from "@/lib/server/eval-sets/http";
import { createEvalSet, evalSetPage } from "@/lib/server/eval-sets/records";
import { errorsResponse, outcomeResponse } from "@/lib/server/experiments/http";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { createSetSchema } from "@/lib/studio/eval-sets/input";

/** The team's evaluation sets, most recently changed first: `?cursor=`, `?limit=` up to 100. */
export const GET = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const url = new URL(request.url);
  const limit = limitParam(url.searchParams.get("limit"), 30);
  if (limit instanceof Response) return limit;
  const page = await evalSetPage(runtime.database.db, { cursor: url.searchParams.get("cursor"), limit });
  if (!page) {
    return errorsResponse(400, [
      { code: "invalidCursor", message: "cursor is not one this list gave.", parameter: "cursor" },
    ]);
  }
  return Response.json({ data: page });
});

/** `{ name, cases?: [{ prompt, seed, negativePrompt? }], from?: { kind: "board" | "experiment", id } }`. */
export const POST = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "generate");
  if (user instanceof Response) return user;
  const body = await readJson(request, createSetSchema, 512 * 1024);
  if (!body.ok) return body.response;
  const outcome = await createEvalSet(runtime.database.db, body.value, user.id);
  return outcomeResponse(
    outcome.ok ? { ok: true, value: { id: outcome.value.id, cases: outcome.value.cases.length } } : outcome,
    201,
  );
});
