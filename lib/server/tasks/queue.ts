import "server-only";
import { recentTasks, type StudioDatabase } from "@/lib/server/db";
import { type TaskView, taskViews } from "@/lib/server/results/task-view";

export interface TaskQueueQuery {
  limit: number;
  /** Only tasks still queued or processing. */
  activeOnly: boolean;
}

/** The member's own tasks for the queue drawer, newest first, each as `GET /api/tasks/[id]` shows it. */
export async function taskQueue(
  db: StudioDatabase,
  author: { id: string; name: string },
  query: TaskQueueQuery,
): Promise<TaskView[]> {
  return taskViews(db, await recentTasks(db, author.id, query), { viewerId: author.id });
}
