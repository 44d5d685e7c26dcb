import { route } from "@/lib/server/api/route";
import { runTool } from "@/lib/server/tools/run-tool";
import { toolDeps } from "@/lib/server/tools/tool-deps";
import { api } from "@/lib/studio/api";
import type { DataOf } from "@/lib/studio/api/endpoint";
import { ApiError } from "@/lib/studio/api/errors";

export const POST = route(api.tools.run, async ({ runtime, user, body }) => {
  const outcome = await runTool(toolDeps(runtime), user, body);
  if ("data" in outcome.body) return outcome.body.data as DataOf<typeof api.tools.run>;
  // A busy queue says when to try again: its Retry-After goes with the errors.
  if (outcome.headers)
    return Response.json(outcome.body, { status: outcome.status, headers: outcome.headers });
  throw new ApiError(outcome.status, outcome.body.errors);
});
