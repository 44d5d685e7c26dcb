import { requireUser } from "@/lib/server/auth/guard";
import { inboxPage } from "@/lib/server/gallery/inbox";
import { pageQuery } from "@/lib/server/gallery/page-query";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";

/** My mentions, newest first, with the unread count: `?cursor=`, `?limit=` up to 100. */
export const GET = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const page = pageQuery(new URL(request.url), 30, 100);
  if (page instanceof Response) return page;
  return Response.json({ data: await inboxPage(runtime.database.db, user.id, page) });
});
