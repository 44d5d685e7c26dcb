import { requireUser } from "@/lib/server/auth/guard";
import { handled } from "@/lib/server/http/handle";
import { postTasks } from "@/lib/server/results/post-tasks";
import { getRuntime } from "@/lib/server/runtime";
import { parseTaskQueueQuery, taskQueue } from "@/lib/server/tools/task-queue";

/**
 * Sends generation tasks for the signed-in editor (see `postTasks`). In production server.ts
 * answers this route itself, ahead of Next's router; in development (`npm run dev`) this handler
 * serves it, so edits reload.
 */
export const POST = handled(async (request: Request) => postTasks(await getRuntime(), request));

/** The signed-in member's recent tasks for the queue drawer: `?limit=` (1-100, default 50), `?active=1`. */
export const GET = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const query = parseTaskQueueQuery(new URL(request.url).searchParams);
  if (!query.ok) return Response.json({ errors: query.errors }, { status: 400 });
  return Response.json({ data: await taskQueue(runtime.database.db, user, query.query) });
});
