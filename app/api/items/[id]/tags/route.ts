import { route } from "@/lib/server/api/route";
import { actorOf } from "@/lib/server/items/actor";
import { setItemTags } from "@/lib/server/organize/tags";
import { api } from "@/lib/studio/api";

export const PUT = route(api.items.setTags, async ({ user, params, body, deps }) => ({
  tags: await setItemTags(deps, actorOf(user), params.id, body.tags),
}));
