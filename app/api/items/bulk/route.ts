import { route } from "@/lib/server/api/route";
import { actorOf } from "@/lib/server/items/actor";
import { bulkAction } from "@/lib/server/organize/bulk";
import { api } from "@/lib/studio/api";

export const POST = route(api.items.bulk, ({ user, body, deps }) => bulkAction(deps, actorOf(user), body));
