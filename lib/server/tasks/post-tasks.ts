import "server-only";
import { z } from "zod";
import { logger } from "@/lib/platform/logger";
import type { SessionUser } from "@/lib/server/auth/caller";
import { readJson } from "@/lib/server/http/read-json";
import { REQUEST_ID_HEADER, requestIdOf } from "@/lib/server/ops/request-id";
import { type SubmitDeps, submitTasks } from "./submit";

/** Generation requests carry prompts and inline images: a few megabytes at most. */
export const TASK_BODY_LIMIT = 32 * 1024 * 1024;

// Any JSON: `submitTasks` validates each task with the contract's schemas and names each field.
const ANY_JSON = z.unknown();

/** The tasks of a request whose caller is already known and allowed to generate. */
export async function sendTasks(
  runtime: { submit: SubmitDeps },
  user: SessionUser,
  request: Request,
): Promise<Response> {
  // Each task's text is checked by the contract's parser, task by task.
  const body = await readJson(request, ANY_JSON, TASK_BODY_LIMIT, { checkText: false });
  if (!body.ok) return body.response;
  const requestId = requestIdOf(request.headers.get(REQUEST_ID_HEADER));
  const outcome = await submitTasks(runtime.submit, user, body.value, requestId);
  if (outcome.status >= 400) {
    const codes = (outcome.body.errors ?? []).map((e) => e.code);
    logger().info({ requestId, userId: user.id, status: outcome.status, codes }, "tasks refused");
  }
  const headers = new Headers(outcome.headers);
  headers.set(REQUEST_ID_HEADER, requestId);
  return Response.json(outcome.body, { status: outcome.status, headers });
}
