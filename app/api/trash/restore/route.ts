import { route } from "@/lib/server/api/route";
import { actorOf } from "@/lib/server/gallery/organize-common";
import { restoreItems } from "@/lib/server/gallery/trash";
import { api } from "@/lib/studio/api";

export const POST = route(api.trash.restore, async ({ runtime, user, body }) => ({
  restored: await restoreItems({ db: runtime.database.db, log: runtime.log }, actorOf(user), body.itemIds),
}));
