import "server-only";
import { z } from "zod";
import { requireUser } from "@/lib/server/auth/guard";
import { readJson } from "@/lib/server/http/read-json";
import type { StudioRuntime } from "@/lib/server/runtime";
import { submitTasks } from "./submit";

/** Generation requests carry prompts and inline images: a few megabytes at most. */
export const TASK_BODY_LIMIT = 32 * 1024 * 1024;

// Any JSON: `submitTasks` validates each task with the contract's schemas and names each field.
const ANY_JSON = z.unknown();

/**
 * `POST /api/tasks`: sends generation tasks for the signed-in editor. 202 with one `queued` entry
 * per accepted task (results stream over `/api/stream`), errors in the contract's shape naming
 * each bad field. Served by server.ts straight from its listener, and by the Route Handler.
 */
export async function postTasks(
  runtime: Pick<StudioRuntime, "gate" | "submit">,
  request: Request,
): Promise<Response> {
  const user = await requireUser(runtime.gate, request, "generate");
  if (user instanceof Response) return user;
  // Each task's text is checked by the contract's parser, task by task.
  const body = await readJson(request, ANY_JSON, TASK_BODY_LIMIT, { checkText: false });
  if (!body.ok) return body.response;
  const outcome = await submitTasks(runtime.submit, user, body.value);
  return Response.json(outcome.body, {
    status: outcome.status,
    ...(outcome.headers ? { headers: outcome.headers } : {}),
  });
}
