import { requireUser } from "@/lib/server/auth/guard";
import { neighborIds } from "@/lib/server/gallery/filter-query";
import { filterParam, itemIdParam, itemNotFound } from "@/lib/server/gallery/gallery-params";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";

type Params = { params: Promise<{ id: string }> };

/** The items before and after this one in the gallery's filtered order (the viewer's previous/next). */
export const GET = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const id = itemIdParam((await params).id);
  if (id instanceof Response) return id;
  const filter = filterParam(new URL(request.url));
  if (filter instanceof Response) return filter;
  const found = await neighborIds(runtime.database.db, filter, user, id);
  if (!found) return itemNotFound();
  return Response.json({ data: found });
});
