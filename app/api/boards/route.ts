import { requireUser } from "@/lib/server/auth/guard";
import { createBoard, listBoards } from "@/lib/server/gallery/boards";
import { actorOf, pageLimit } from "@/lib/server/gallery/organize-common";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { boardCreateSchema } from "@/lib/studio/organize";

/** The team's boards, newest first, with cover and item count: `?cursor=`, `?limit=` up to 200. */
export const GET = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const url = new URL(request.url);
  const page = await listBoards(runtime.database.db, {
    cursor: url.searchParams.get("cursor"),
    limit: pageLimit(url.searchParams.get("limit"), 100),
  });
  return Response.json({ data: page });
});

/** A new board `{ name, description? }` (editor and up). */
export const POST = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "organize");
  if (user instanceof Response) return user;
  const body = await readJson(request, boardCreateSchema);
  if (!body.ok) return body.response;
  const created = await createBoard(runtime.database.db, actorOf(user), body.value);
  runtime.log.publishGallery({ kind: "board", boardId: created.id });
  return Response.json({ data: { board: created } }, { status: 201 });
});
