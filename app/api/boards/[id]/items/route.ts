import { route } from "@/lib/server/api/route";
import type { SessionUser } from "@/lib/server/auth/caller";
import { setBoardMembership } from "@/lib/server/gallery/boards";
import { actorOf } from "@/lib/server/gallery/organize-common";
import { publishReviews } from "@/lib/server/gallery/organize-live";
import type { StudioRuntime } from "@/lib/server/runtime";
import { api } from "@/lib/studio/api";

/** Puts items on the board or takes them off; answers the items whose membership changed. */
async function membership(
  runtime: StudioRuntime,
  user: SessionUser,
  boardId: string,
  itemIds: readonly string[],
  on: boolean,
) {
  const db = runtime.database.db;
  const changed = await db.transaction((tx) =>
    setBoardMembership(tx, actorOf(user), boardId, itemIds, on, "id"),
  );
  if (changed.length > 0) runtime.log.publishGallery({ kind: "board", boardId });
  await publishReviews({ db, log: runtime.log }, changed);
  return { changed };
}

export const POST = route(api.boards.addItems, ({ runtime, user, params, body }) =>
  membership(runtime, user, params.id, body.itemIds, true),
);

export const DELETE = route(api.boards.removeItems, ({ runtime, user, params, body }) =>
  membership(runtime, user, params.id, body.itemIds, false),
);
