import { route } from "@/lib/server/api/route";
import { actorOf } from "@/lib/server/items/actor";
import { publishReviews } from "@/lib/server/items/live";
import { deleteBoard, updateBoard } from "@/lib/server/organize/boards";
import { api } from "@/lib/studio/api";

export const PATCH = route(api.boards.update, async ({ user, params, body, db, log }) => {
  const board = await updateBoard(db, actorOf(user), params.id, body);
  log.publishGallery({ kind: "board", boardId: params.id });
  return { board };
});

export const DELETE = route(api.boards.delete, async ({ user, params, deps, db, log }) => {
  const itemIds = await deleteBoard(db, actorOf(user), params.id);
  log.publishGallery({ kind: "board", boardId: params.id });
  await publishReviews(deps, itemIds);
});
