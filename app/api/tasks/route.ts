import { postTasks } from "@/lib/server/api/post-tasks";
import { route } from "@/lib/server/api/route";
import { taskQueue } from "@/lib/server/tasks/queue";
import { api } from "@/lib/studio/api";

/**
 * In production server.ts answers `POST /api/tasks` itself with this very handler, ahead of
 * Next's router; in development (`npm run dev`) Next serves it, so edits reload.
 */
export const POST = postTasks;

export const GET = route(api.tasks.list, ({ user, query, db }) =>
  taskQueue(db, user, { limit: query.limit, activeOnly: query.active }),
);
