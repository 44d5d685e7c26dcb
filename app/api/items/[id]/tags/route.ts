import { route } from "@/lib/server/api/route";
import { actorOf } from "@/lib/server/gallery/organize-common";
import { setItemTags } from "@/lib/server/gallery/tags";
import { api } from "@/lib/studio/api";

export const PUT = route(api.items.setTags, async ({ runtime, user, params, body }) => ({
  tags: await setItemTags({ db: runtime.database.db, log: runtime.log }, actorOf(user), params.id, body.tags),
}));
