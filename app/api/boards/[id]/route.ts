import { route } from "@/lib/server/api/route";
import { deleteBoard, updateBoard } from "@/lib/server/gallery/boards";
import { actorOf } from "@/lib/server/gallery/organize-common";
import { publishReviews } from "@/lib/server/gallery/organize-live";
import { api } from "@/lib/studio/api";

export const PATCH = route(api.boards.update, async ({ runtime, user, params, body }) => {
  const board = await updateBoard(runtime.database.db, actorOf(user), params.id, body);
  runtime.log.publishGallery({ kind: "board", boardId: params.id });
  return { board };
});

export const DELETE = route(api.boards.delete, async ({ runtime, user, params }) => {
  const itemIds = await deleteBoard(runtime.database.db, actorOf(user), params.id);
  runtime.log.publishGallery({ kind: "board", boardId: params.id });
  await publishReviews({ db: runtime.database.db, log: runtime.log }, itemIds);
});
