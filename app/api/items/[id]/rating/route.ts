import { requireUser } from "@/lib/server/auth/guard";
import { rateItem, ratingBody, unrateItem } from "@/lib/server/gallery/review-actions";
import { handled } from "@/lib/server/http/handle";
import { idParam } from "@/lib/server/http/params";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";

type Params = { params: Promise<{ id: string }> };

/** Sets my 1-5 rating of the item: `{ value }`. Answers the item's review (team average and count). */
export const PUT = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "review");
  if (user instanceof Response) return user;
  const id = idParam((await params).id, "id");
  if (id instanceof Response) return id;
  const body = await readJson(request, ratingBody);
  if (!body.ok) return body.response;
  const review = await rateItem({ db: runtime.database.db, log: runtime.log }, user, id, body.value.value);
  return Response.json({ data: { review, myRating: body.value.value } });
});

/** Removes my rating of the item. */
export const DELETE = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "review");
  if (user instanceof Response) return user;
  const id = idParam((await params).id, "id");
  if (id instanceof Response) return id;
  const review = await unrateItem({ db: runtime.database.db, log: runtime.log }, user, id);
  return Response.json({ data: { review, myRating: null } });
});
