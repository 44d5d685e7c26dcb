import "server-only";
import { sendTasks } from "@/lib/server/tasks/post-tasks";
import type { api } from "@/lib/studio/api";
import type { RouteHandler } from "./route";

/**
 * `POST /api/tasks`: sends generation tasks for the signed-in editor. 202 with one `queued` entry
 * per accepted task (results stream over `/api/stream`), errors in the contract's shape naming
 * each bad field. One handler, given to route() with the one declaration, so the caller, origin
 * and token checks are the declaration's on both roads: the Route Handler (Next, in development)
 * and server.ts's own listener ahead of Next's router (production, own-routes.ts). The request's
 * id (the browser's or a proxy's `x-request-id`, else a new one) is logged with every task it
 * sends, on hand-over, result and error, and returned in the same header.
 */
export const submitTasksHandler: RouteHandler<typeof api.tasks.submit> = ({ runtime, user, request }) =>
  sendTasks(runtime, user, request);
