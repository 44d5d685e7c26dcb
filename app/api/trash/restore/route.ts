import { route } from "@/lib/server/api/route";
import { actorOf } from "@/lib/server/items/actor";
import { restoreItems } from "@/lib/server/organize/trash";
import { api } from "@/lib/studio/api";

export const POST = route(api.trash.restore, async ({ user, body, deps }) => ({
  restored: await restoreItems(deps, actorOf(user), body.itemIds),
}));
