import { requireUser } from "@/lib/server/auth/guard";
import { errorResponse } from "@/lib/server/auth/studio-errors";
import { compareIdsParam, compareItems } from "@/lib/server/gallery/compare";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";

/**
 * Two to four items side by side: `?ids=a,b` (item ids, each once, in the order shown). Answers
 * `{ data: { items: [{ item, params }] } }` in that order; a bad or unknown id is a 4xx naming `ids`.
 */
export const GET = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const ids = compareIdsParam(new URL(request.url).searchParams.get("ids"));
  if (!Array.isArray(ids)) return errorResponse(ids);
  const items = await compareItems(runtime.database.db, ids);
  if (!Array.isArray(items)) return errorResponse(items);
  return Response.json({ data: { items } });
});
