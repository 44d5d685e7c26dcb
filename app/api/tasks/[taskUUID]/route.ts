import { route } from "@/lib/server/api/route";
import { getTask } from "@/lib/server/db";
import { taskView } from "@/lib/server/results/task-view";
import { api } from "@/lib/studio/api";
import { studioErrors } from "@/lib/studio/api/errors";

export const GET = route(api.tasks.get, async ({ user, params, db }) => {
  const task = await getTask(db, params.taskUUID);
  if (!task) throw studioErrors.taskNotFound();
  return taskView(db, task, { viewerId: user.id });
});
