import { z } from "zod";
import { requireUser } from "@/lib/server/auth/guard";
import { readJson } from "@/lib/server/http/read-json";
import { submitTasks } from "@/lib/server/results/submit";
import { getRuntime } from "@/lib/server/runtime";

/** Generation requests carry prompts and inline images: a few megabytes at most. */
const TASK_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * Sends generation tasks for the signed-in editor: 202 with one `queued` entry per accepted task
 * (results stream over `/api/stream`), errors in the contract's shape naming each bad field.
 */
export async function POST(request: Request) {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "generate");
  if (user instanceof Response) return user;
  const body = await readJson(request, z.unknown(), TASK_BODY_LIMIT);
  if (!body.ok) return body.response;
  const outcome = await submitTasks(runtime.submit, user, body.value);
  return Response.json(outcome.body, { status: outcome.status });
}
