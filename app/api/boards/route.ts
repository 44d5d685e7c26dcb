import { route } from "@/lib/server/api/route";
import { actorOf } from "@/lib/server/items/actor";
import { createBoard, listBoards } from "@/lib/server/organize/boards";
import { api } from "@/lib/studio/api";

export const GET = route(api.boards.list, ({ query, db }) => listBoards(db, query));

export const POST = route(api.boards.create, async ({ user, body, db, log }) => {
  const board = await createBoard(db, actorOf(user), body);
  log.publishGallery({ kind: "board", boardId: board.id });
  return { board };
});
