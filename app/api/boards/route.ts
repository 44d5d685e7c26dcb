import { route } from "@/lib/server/api/route";
import { createBoard, listBoards } from "@/lib/server/gallery/boards";
import { actorOf } from "@/lib/server/gallery/organize-common";
import { api } from "@/lib/studio/api";

export const GET = route(api.boards.list, ({ runtime, query }) => listBoards(runtime.database.db, query));

export const POST = route(api.boards.create, async ({ runtime, user, body }) => {
  const board = await createBoard(runtime.database.db, actorOf(user), body);
  runtime.log.publishGallery({ kind: "board", boardId: board.id });
  return { board };
});
