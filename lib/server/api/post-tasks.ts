import "server-only";
import { nodeHandler } from "@/lib/server/http/node-bridge";
import { sendTasks, TASK_BODY_LIMIT } from "@/lib/server/tasks/post-tasks";
import { api } from "@/lib/studio/api";
import { type RouteHandler, route } from "./route";

/**
 * `POST /api/tasks`: sends generation tasks for the signed-in editor. 202 with one `queued` entry
 * per accepted task (results stream over `/api/stream`), errors in the contract's shape naming
 * each bad field. One handler, given to route() with the one declaration, so the caller, origin
 * and token checks are the declaration's on both roads: the Route Handler (Next, in development)
 * and server.ts's own listener ahead of Next's router (production). The request's id (the browser's or a proxy's
 * `x-request-id`, else a new one) is logged with every task it sends, on hand-over, result and
 * error, and returned in the same header.
 */
export const submitTasksHandler: RouteHandler<typeof api.tasks.submit> = ({ runtime, user, request }) =>
  sendTasks(runtime, user, request);

export const postTasks = route(api.tasks.submit, submitTasksHandler);

const NO_PARAMS = { params: Promise.resolve({}) };

/** `postTasks` on a `node:http` listener, without Next's router: what server.ts serves in production. */
export function postTasksListener(where: { hostname: string; port: number }) {
  return nodeHandler((request) => postTasks(request, NO_PARAMS), {
    bodyLimitBytes: TASK_BODY_LIMIT,
    ...where,
  });
}
