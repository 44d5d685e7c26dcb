import { requireUser } from "@/lib/server/auth/guard";
import { errorResponse, studioErrors } from "@/lib/server/auth/studio-errors";
import { getTask } from "@/lib/server/db";
import { handled } from "@/lib/server/http/handle";
import { taskView } from "@/lib/server/results/task-view";
import { getRuntime } from "@/lib/server/runtime";

/** A task's status and its results, as the studio recorded them. */
export const GET = handled(
  async (request: Request, { params }: { params: Promise<{ taskUUID: string }> }) => {
    const runtime = await getRuntime();
    const user = await requireUser(runtime.gate, request, "view");
    if (user instanceof Response) return user;
    const { taskUUID } = await params;
    const task = await getTask(runtime.database.db, taskUUID);
    if (!task) return errorResponse(studioErrors.notFound("task with this taskUUID", "taskUUID"));
    return Response.json({ data: await taskView(runtime.database.db, task, { viewerId: user.id }) });
  },
);
