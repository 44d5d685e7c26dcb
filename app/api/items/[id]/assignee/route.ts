import { requireUser } from "@/lib/server/auth/guard";
import { assigneeBody, assignItem } from "@/lib/server/gallery/review-actions";
import { handled } from "@/lib/server/http/handle";
import { idParam } from "@/lib/server/http/params";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";

type Params = { params: Promise<{ id: string }> };

/** Assigns the item's review to a member, `{ userId }`, or to nobody, `{ userId: null }`. */
export const PUT = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "review");
  if (user instanceof Response) return user;
  const id = idParam((await params).id, "id");
  if (id instanceof Response) return id;
  const body = await readJson(request, assigneeBody);
  if (!body.ok) return body.response;
  const review = await assignItem({ db: runtime.database.db, log: runtime.log }, user, id, body.value.userId);
  return Response.json({ data: { review } });
});
