import "server-only";
import { getTask } from "@/lib/server/db";
import { taskView } from "@/lib/server/results/task-view";
import type { api } from "@/lib/studio/api";
import { studioErrors } from "@/lib/studio/api/errors";
import type { RouteHandler } from "./route";

/**
 * `GET /api/tasks/{taskUUID}`: one task as its sender and teammates see it, with its results. The
 * Route Handler (Next, in development) and server.ts's own listener (production, see
 * own-routes.ts) are given this one handler through route(), so both check the caller alike.
 */
export const getTaskHandler: RouteHandler<typeof api.tasks.get> = async ({ user, params, db }) => {
  const task = await getTask(db, params.taskUUID);
  if (!task) throw studioErrors.taskNotFound();
  return taskView(db, task, { viewerId: user.id });
};
