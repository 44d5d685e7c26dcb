import { requireUser } from "@/lib/server/auth/guard";
import { deleteBoard, updateBoard } from "@/lib/server/gallery/boards";
import { actorOf, uuidParam } from "@/lib/server/gallery/organize-common";
import { publishReviews } from "@/lib/server/gallery/organize-live";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { boardPatchSchema } from "@/lib/studio/organize";

type Params = { params: Promise<{ id: string }> };

/** Renames a board, describes it or picks its cover `{ name?, description?, coverItemId? }`. */
export const PATCH = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "organize");
  if (user instanceof Response) return user;
  const id = uuidParam((await params).id, "id");
  if (id instanceof Response) return id;
  const body = await readJson(request, boardPatchSchema);
  if (!body.ok) return body.response;
  const updated = await updateBoard(runtime.database.db, actorOf(user), id, body.value);
  runtime.log.publishGallery({ kind: "board", boardId: id });
  return Response.json({ data: { board: updated } });
});

/** Deletes a board; its items stay in the gallery. */
export const DELETE = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "organize");
  if (user instanceof Response) return user;
  const id = uuidParam((await params).id, "id");
  if (id instanceof Response) return id;
  const deps = { db: runtime.database.db, log: runtime.log };
  const itemIds = await deleteBoard(deps.db, actorOf(user), id);
  runtime.log.publishGallery({ kind: "board", boardId: id });
  await publishReviews(deps, itemIds);
  return new Response(null, { status: 204 });
});
