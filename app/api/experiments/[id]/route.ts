import { requireUser } from "@/lib/server/auth/guard";
import { errorsResponse, experimentIdParam } from "@/lib/server/experiments/http";
import { experimentView } from "@/lib/server/experiments/view";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";

type Params = { params: Promise<{ id: string }> };

/** An experiment with its axes, every cell (status, error, time, results) and its versions. */
export const GET = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const id = experimentIdParam((await params).id);
  if (id instanceof Response) return id;
  const view = await experimentView(runtime.database.db, id);
  if (!view)
    return errorsResponse(404, [
      { code: "experimentNotFound", message: "There is no such experiment.", parameter: "id" },
    ]);
  return Response.json({ data: view });
});
