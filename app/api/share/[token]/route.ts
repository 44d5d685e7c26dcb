import { pageLimit, tokenParam } from "@/lib/server/gallery/organize-common";
import { sharedView } from "@/lib/server/gallery/share-view";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";

/** Public (no session): what the link names, and nothing else. A board's items by `?cursor=`. */
export const GET = handled(async (request: Request, { params }: { params: Promise<{ token: string }> }) => {
  const runtime = await getRuntime();
  const token = tokenParam((await params).token);
  if (token instanceof Response) return token;
  const url = new URL(request.url);
  const view = await sharedView({ db: runtime.database.db, log: runtime.log }, token, {
    cursor: url.searchParams.get("cursor"),
    limit: pageLimit(url.searchParams.get("limit"), 48, 100),
  });
  return Response.json({ data: view }, { headers: { "cache-control": "no-store" } });
});
