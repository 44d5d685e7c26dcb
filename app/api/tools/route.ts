import { z } from "zod";
import { requireUser } from "@/lib/server/auth/guard";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { runTool } from "@/lib/server/tools/run-tool";
import { toolDeps } from "@/lib/server/tools/tool-deps";

/** A preprocess may carry its input image inline (a data URI): a few megabytes at most. */
const TOOL_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * The Create screens' helpers: one `modelSearch`, `imageControlNetPreProcess` or `promptEnhance`
 * task (`taskUUID` optional), answered once the service has. Searching needs the viewer role,
 * the others (charged by the service) the editor role.
 */
export const POST = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const body = await readJson(request, z.unknown(), TOOL_BODY_LIMIT);
  if (!body.ok) return body.response;
  const outcome = await runTool(toolDeps(runtime), user, body.value);
  return Response.json(outcome.body, {
    status: outcome.status,
    ...(outcome.headers ? { headers: outcome.headers } : {}),
  });
});
