import { route } from "@/lib/server/api/route";
import { actorOf } from "@/lib/server/items/actor";
import { revokeShareLink } from "@/lib/server/share/links";
import { api } from "@/lib/studio/api";

export const DELETE = route(api.shareLinks.revoke, ({ user, params, deps }) =>
  revokeShareLink(deps, actorOf(user), params.id),
);
