import { requireUser } from "@/lib/server/auth/guard";
import { historyPage } from "@/lib/server/gallery/audit-trail";
import { pageQuery } from "@/lib/server/gallery/page-query";
import { handled } from "@/lib/server/http/handle";
import { idParam } from "@/lib/server/http/params";
import { getRuntime } from "@/lib/server/runtime";

type Params = { params: Promise<{ id: string }> };

/** The item's audit trail, newest first: `?cursor=` from the previous page, `?limit=` up to 200. */
export const GET = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const id = idParam((await params).id, "id");
  if (id instanceof Response) return id;
  const page = pageQuery(new URL(request.url), 50, 200);
  if (page instanceof Response) return page;
  return Response.json({ data: await historyPage(runtime.database.db, id, page) });
});
