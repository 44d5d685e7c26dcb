import { requireUser } from "@/lib/server/auth/guard";
import { bulkAction } from "@/lib/server/gallery/bulk";
import { actorOf } from "@/lib/server/gallery/organize-common";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { bulkSchema } from "@/lib/studio/organize";

/**
 * One action on up to 500 items `{ itemIds, action, boardId?, tag?, state? }`, all or none.
 * Moving review states needs a reviewer; boards, tags and the trash an editor.
 */
export const POST = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const body = await readJson(request, bulkSchema);
  if (!body.ok) return body.response;
  const result = await bulkAction({ db: runtime.database.db, log: runtime.log }, actorOf(user), body.value);
  return Response.json({ data: result });
});
