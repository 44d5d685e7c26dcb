import { type RouteContext, route } from "@/lib/server/api/route";
import type { SessionUser } from "@/lib/server/auth/caller";
import { actorOf } from "@/lib/server/items/actor";
import { publishReviews } from "@/lib/server/items/live";
import { setBoardMembership } from "@/lib/server/organize/boards";
import { api } from "@/lib/studio/api";

/** Puts items on the board or takes them off; answers the items whose membership changed. */
async function membership(
  { db, log, deps }: Pick<RouteContext<typeof api.boards.addItems>, "db" | "log" | "deps">,
  user: SessionUser,
  boardId: string,
  itemIds: readonly string[],
  on: boolean,
) {
  const changed = await db.transaction((tx) =>
    setBoardMembership(tx, actorOf(user), boardId, itemIds, on, "id"),
  );
  if (changed.length > 0) log.publishGallery({ kind: "board", boardId });
  await publishReviews(deps, changed);
  return { changed };
}

export const POST = route(api.boards.addItems, (context) =>
  membership(context, context.user, context.params.id, context.body.itemIds, true),
);

export const DELETE = route(api.boards.removeItems, (context) =>
  membership(context, context.user, context.params.id, context.body.itemIds, false),
);
