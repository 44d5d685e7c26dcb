import { requireUser } from "@/lib/server/auth/guard";
import { itemIdParam, itemNotFound } from "@/lib/server/gallery/gallery-params";
import { setStar } from "@/lib/server/gallery/stars";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";

type Params = { params: Promise<{ id: string }> };

async function star(request: Request, { params }: Params, on: boolean): Promise<Response> {
  const runtime = await getRuntime();
  // Any member, viewers too: a star is the member's own bookmark, not a review.
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const id = itemIdParam((await params).id);
  if (id instanceof Response) return id;
  if (!(await setStar(runtime.database.db, user.id, id, on))) return itemNotFound();
  return Response.json({ data: { itemId: id, starred: on } });
}

/** Stars the item for the asking member. */
export const PUT = handled((request: Request, context: Params) => star(request, context, true));

/** Takes the asking member's star off the item. */
export const DELETE = handled((request: Request, context: Params) => star(request, context, false));
