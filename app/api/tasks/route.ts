import { route } from "@/lib/server/api/route";
import { sendTasks } from "@/lib/server/tasks/post-tasks";
import { taskQueue } from "@/lib/server/tasks/queue";
import { api } from "@/lib/studio/api";

/**
 * In production server.ts answers `POST /api/tasks` itself, ahead of Next's router; in
 * development (`npm run dev`) this handler serves it, so edits reload.
 */
export const POST = route(api.tasks.submit, ({ runtime, user, request }) =>
  sendTasks(runtime, user, request),
);

export const GET = route(api.tasks.list, ({ runtime, user, query }) =>
  taskQueue(runtime.database.db, user, { limit: query.limit, activeOnly: query.active }),
);
