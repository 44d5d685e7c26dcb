import { requireUser } from "@/lib/server/auth/guard";
import { galleryTotals } from "@/lib/server/gallery/filter-count";
import { filterParam } from "@/lib/server/gallery/gallery-params";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";

/**
 * How many live items a filtered view of the gallery holds (the same filter parameters as
 * `GET /api/items`), and how many the whole gallery holds: `{ matching, all }`.
 */
export const GET = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const filter = filterParam(new URL(request.url));
  if (filter instanceof Response) return filter;
  return Response.json({ data: await galleryTotals(runtime.database.db, filter, user) });
});
