import { requireUser } from "@/lib/server/auth/guard";
import { actorOf, pageLimit } from "@/lib/server/gallery/organize-common";
import { listTrash } from "@/lib/server/gallery/trash";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";

/** Items in the trash, most recently trashed first, with who trashed them and when (owner). */
export const GET = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "manage");
  if (user instanceof Response) return user;
  const url = new URL(request.url);
  const page = await listTrash(runtime.database.db, actorOf(user), {
    cursor: url.searchParams.get("cursor"),
    limit: pageLimit(url.searchParams.get("limit")),
  });
  return Response.json({ data: page });
});
