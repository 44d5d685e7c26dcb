import { submitTasksHandler } from "@/lib/server/api/post-tasks";
import { route } from "@/lib/server/api/route";
import { taskQueue } from "@/lib/server/tasks/queue";
import { api } from "@/lib/studio/api";

/**
 * In production server.ts answers `POST /api/tasks` itself, ahead of Next's router, with the same
 * handler through the same route() (lib/server/api/post-tasks.ts); in development (`npm run dev`)
 * Next serves this one, so edits reload.
 */
export const POST = route(api.tasks.submit, submitTasksHandler);

export const GET = route(api.tasks.list, ({ user, query, db }) =>
  taskQueue(db, user, { limit: query.limit, activeOnly: query.active, cursor: query.cursor }),
);
