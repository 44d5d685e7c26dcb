import { requireUser } from "@/lib/server/auth/guard";
import { filteredGalleryPage } from "@/lib/server/gallery/gallery-page";
import { cursorParam, filterParam, invalidCursor, limitParam } from "@/lib/server/gallery/gallery-params";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";

/**
 * The team's live results in the gallery's filtered view (lib/studio/gallery-filter.ts: `q`,
 * `workflow`, `model`, `author`, `state`, `sort`, ...), a page at a time: `?cursor=` from the
 * previous page, `?limit=` up to 200. Each item carries its review and the asker's star.
 */
export const GET = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const url = new URL(request.url);
  const limit = limitParam(url);
  if (limit instanceof Response) return limit;
  const filter = filterParam(url);
  if (filter instanceof Response) return filter;
  const page = await filteredGalleryPage(runtime.database.db, filter, user, {
    cursor: cursorParam(url),
    limit,
  });
  if (page === "invalidCursor") return invalidCursor();
  return Response.json({ data: page });
});
