import "server-only";
import type { StudioDatabase, TaskWithItems } from "@/lib/server/db";
import { itemViews, type StarsOf } from "@/lib/server/items/item-view";
import type { TaskView } from "@/lib/studio/items/gallery-item";
import { progressOfResults } from "./flight";
import { errorFields } from "./settle";

export type { TaskView };

/**
 * Recorded tasks with their results, as `GET /api/tasks` and `GET /api/tasks/[taskUUID]` answer
 * them: each result the item view every screen shows (one batch for all the tasks' items).
 */
export async function taskViews(
  db: StudioDatabase,
  tasks: readonly TaskWithItems[],
  stars: StarsOf,
): Promise<TaskView[]> {
  const views = await itemViews(
    db,
    tasks.flatMap((t) => t.items),
    stars,
  );
  const byId = new Map(views.map((v) => [v.id, v]));
  return tasks.map((task) => ({
    taskUUID: task.taskUUID,
    taskType: task.taskType,
    status: task.status,
    progress: progressOf(task),
    itemCount: task.itemCount,
    itemsDone: task.items.length,
    ...errorFields(task.error),
    params: task.params,
    authorId: task.authorId,
    createdAt: task.createdAt.toISOString(),
    sentAt: task.sentAt?.toISOString() ?? null,
    items: task.items.flatMap((row) => byId.get(row.id) ?? []),
  }));
}

/**
 * A task in flight has come as far as its results kept say, or as the service's last figure
 * recorded, whichever is further: the keeper writes the record once when the first result makes
 * the task processing, not again for each result after (the items say it), so a reload reads what
 * the live events said.
 */
function progressOf(task: TaskWithItems): number | null {
  if ((task.status !== "queued" && task.status !== "processing") || task.items.length === 0)
    return task.progress;
  return Math.max(
    task.progress ?? 0,
    progressOfResults({ done: task.items.length, itemCount: task.itemCount }),
  );
}

/** One recorded task with its results. */
export async function taskView(db: StudioDatabase, task: TaskWithItems, stars: StarsOf): Promise<TaskView> {
  const [view] = await taskViews(db, [task], stars);
  if (!view) throw new Error("taskViews answers one view per task");
  return view;
}
