import { requireSameOrigin } from "@/lib/server/auth/guard";
import { pageLimit, tokenParam, uuidParam } from "@/lib/server/gallery/organize-common";
import { addGuestComment, sharedComments } from "@/lib/server/gallery/share-view";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { guestCommentSchema } from "@/lib/studio/organize";

type Params = { params: Promise<{ token: string }> };

async function target(request: Request, params: Params["params"]) {
  const token = tokenParam((await params).token);
  if (token instanceof Response) return token;
  const itemId = uuidParam(new URL(request.url).searchParams.get("itemId"), "itemId");
  if (itemId instanceof Response) return itemId;
  return { token, itemId };
}

/** Public, when the link takes comments: the thread of `?itemId=`, oldest first, names only; `?cursor=`. */
export const GET = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const t = await target(request, params);
  if (t instanceof Response) return t;
  const url = new URL(request.url);
  const page = await sharedComments({ db: runtime.database.db, log: runtime.log }, t.token, t.itemId, {
    cursor: url.searchParams.get("cursor"),
    limit: pageLimit(url.searchParams.get("limit"), 100),
  });
  return Response.json({ data: page }, { headers: { "cache-control": "no-store" } });
});

/** Public, when the link takes comments: a guest's comment `{ name, body }` on `?itemId=`. */
export const POST = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const refused = requireSameOrigin(request, runtime.gate.publicUrl);
  if (refused) return refused;
  const t = await target(request, params);
  if (t instanceof Response) return t;
  const body = await readJson(request, guestCommentSchema, 16 * 1024);
  if (!body.ok) return body.response;
  const created = await addGuestComment(
    { db: runtime.database.db, log: runtime.log },
    t.token,
    t.itemId,
    body.value,
  );
  return Response.json({ data: { comment: created } }, { status: 201 });
});
