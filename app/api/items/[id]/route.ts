import { requireUser } from "@/lib/server/auth/guard";
import { studioEnv } from "@/lib/server/env";
import { itemDetail } from "@/lib/server/gallery/item-detail";
import { handled } from "@/lib/server/http/handle";
import { idParam } from "@/lib/server/http/params";
import { getRuntime } from "@/lib/server/runtime";

type Params = { params: Promise<{ id: string }> };

/** One item for the viewer: the item with its review, its task's parameters, lineage, ratings, members. */
export const GET = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const id = idParam((await params).id, "id");
  if (id instanceof Response) return id;
  return Response.json({ data: await itemDetail(runtime.database.db, id, user.id, studioEnv().embedded) });
});
