import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { nodeHandler } from "@/lib/server/http/node-bridge";
import { TASK_BODY_LIMIT } from "@/lib/server/tasks/post-tasks";
import { api } from "@/lib/studio/api";
import { getTaskHandler } from "./get-task";
import { submitTasksHandler } from "./post-tasks";
import { route } from "./route";

/** `/api/tasks/{taskUUID}`, one segment after the collection. */
const ONE_TASK = /^\/api\/tasks\/([^/]+)$/;

/** A GET carries no body a handler reads: a small one is let through, as Next lets it. */
const GET_BODY_LIMIT = 64 * 1024;

/**
 * The Route Handlers the production server answers itself, ahead of Next's router: sending tasks
 * (`POST /api/tasks`) and reading one back (`GET /api/tasks/{taskUUID}`), the two a script or a
 * client on the published API calls most, the second once a second per task while it waits.
 * Next's router adds milliseconds to each (an empty Route Handler: p50 6.8 ms against 1.0 ms for
 * raw node), and the first request it routes loads its own compiled copy of the modules the
 * server already holds (about 20 MB of heap). Each is the Route Handler's own handler given to
 * route() with the same declaration, so the caller, origin and token checks and the answers are
 * the same on both roads (tasks-roads.test.ts). In development Next answers both, so edits reload.
 *
 * The listener returns false for any other request, which goes on to Next.
 */
export function ownRoutesListener(where: {
  hostname: string;
  port: number;
}): (req: IncomingMessage, res: ServerResponse, path: string) => boolean {
  const submit = route(api.tasks.submit, submitTasksHandler);
  const get = route(api.tasks.get, getTaskHandler);
  const postTasks = nodeHandler((request) => submit(request, { params: Promise.resolve({}) }), {
    bodyLimitBytes: TASK_BODY_LIMIT,
    ...where,
  });
  const getTask = nodeHandler(
    (request) => {
      // The path decodes (refuseMalformedPath answered it otherwise), as Next decodes its params.
      const segment = ONE_TASK.exec(new URL(request.url).pathname)?.[1] ?? "";
      return get(request, { params: Promise.resolve({ taskUUID: decodeURIComponent(segment) }) });
    },
    { bodyLimitBytes: GET_BODY_LIMIT, ...where },
  );
  return (req, res, path) => {
    if (req.method === "POST" && path === "/api/tasks") {
      postTasks(req, res);
      return true;
    }
    if (req.method === "GET" && ONE_TASK.test(path)) {
      getTask(req, res);
      return true;
    }
    return false;
  };
}
