import "server-only";
import { eq } from "drizzle-orm";
import type { StudioDatabase, TaskWithItems } from "@/lib/server/db";
import { user } from "@/lib/server/db/schema";
import type { TaskView } from "@/lib/studio/stream-events";
import { toGalleryItem } from "./gallery-item";
import { errorFields } from "./settle";

export type { TaskView };

/** A recorded task with its items, as `GET /api/tasks/[taskUUID]` answers it. */
export async function taskView(db: StudioDatabase, task: TaskWithItems): Promise<TaskView> {
  const [author] = await db.select({ name: user.name }).from(user).where(eq(user.id, task.authorId));
  return toTaskView(task, author?.name ?? "Former member");
}

/** The view of a task whose author's name is already known (a member's own list of tasks). */
export function toTaskView(task: TaskWithItems, authorName: string): TaskView {
  return {
    taskUUID: task.taskUUID,
    taskType: task.taskType,
    status: task.status,
    progress: task.progress,
    itemCount: task.itemCount,
    itemsDone: task.items.length,
    ...errorFields(task.error),
    params: task.params,
    authorId: task.authorId,
    createdAt: task.createdAt.toISOString(),
    items: task.items.map((row) => toGalleryItem(row, task, authorName)),
  };
}
