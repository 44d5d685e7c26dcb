import { route } from "@/lib/server/api/route";
import { actorOf } from "@/lib/server/gallery/organize-common";
import { purgeItems } from "@/lib/server/gallery/trash";
import { api } from "@/lib/studio/api";

export const POST = route(api.trash.purge, async ({ runtime, user, body }) => ({
  purged: await purgeItems(
    { db: runtime.database.db, log: runtime.log, storage: runtime.storage },
    actorOf(user),
    body.itemIds,
  ),
}));
