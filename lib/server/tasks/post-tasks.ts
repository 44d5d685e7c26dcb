import "server-only";
import { z } from "zod";
import { logger } from "@/lib/platform/logger";
import type { SessionUser } from "@/lib/server/auth/caller";
import { type Gate, requireUser } from "@/lib/server/auth/guard";
import { readJson } from "@/lib/server/http/read-json";
import { REQUEST_ID_HEADER, requestIdOf } from "@/lib/server/ops/request-id";
import { type SubmitDeps, submitTasks } from "./submit";

/** Generation requests carry prompts and inline images: a few megabytes at most. */
export const TASK_BODY_LIMIT = 32 * 1024 * 1024;

// Any JSON: `submitTasks` validates each task with the contract's schemas and names each field.
const ANY_JSON = z.unknown();

/**
 * `POST /api/tasks`: sends generation tasks for the signed-in editor. 202 with one `queued` entry
 * per accepted task (results stream over `/api/stream`), errors in the contract's shape naming
 * each bad field. Served by server.ts straight from its listener, and by the Route Handler.
 * The request's id (the browser's or a proxy's `x-request-id`, else a new one) is logged with
 * every task it sends, on hand-over, result and error, and returned in the same header.
 */
export async function postTasks(
  runtime: { gate: Gate; submit: SubmitDeps },
  request: Request,
): Promise<Response> {
  const user = await requireUser(runtime.gate, request, "generate");
  if (user instanceof Response) return user;
  return sendTasks(runtime, user, request);
}

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
