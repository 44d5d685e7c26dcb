import "server-only";
import { inFlightCounts, recentTasks, type StudioDatabase } from "@/lib/server/db";
import { decodeCursor, encodeCursor } from "@/lib/server/db/cursor";
import { type TaskView, taskViews } from "@/lib/server/results/task-view";

export interface TaskQueueQuery {
  limit: number;
  /** Only tasks still queued or processing. */
  activeOnly: boolean;
  /** The previous page's `nextCursor`. */
  cursor?: string | undefined;
}

export interface TaskQueuePage {
  items: TaskView[];
  nextCursor: string | null;
  /** Tasks queued or processing: the member's own and the whole team's. */
  inFlight: { yours: number; team: number };
}

/**
 * A page of the member's own tasks for the queue drawer, newest first, each as
 * `GET /api/tasks/[id]` shows it. The cursor is the last row's (created, taskUUID): tasks sent
 * while the member scrolls are newer than every page and do not shift the pages behind.
 */
export async function taskQueue(
  db: StudioDatabase,
  author: { id: string; name: string },
  query: TaskQueueQuery,
): Promise<TaskQueuePage> {
  const before = decodeCursor(query.cursor);
  const [page, inFlight] = await Promise.all([
    recentTasks(db, author.id, { limit: query.limit, activeOnly: query.activeOnly, before }),
    inFlightCounts(db, author.id),
  ]);
  const last = page.tasks.at(-1);
  return {
    items: await taskViews(db, page.tasks, { viewerId: author.id }),
    nextCursor: page.more && last ? encodeCursor(last.createdAt, last.taskUUID) : null,
    inFlight,
  };
}
