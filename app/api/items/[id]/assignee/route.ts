import { route } from "@/lib/server/api/route";
import { assignItem } from "@/lib/server/review/actions";
import { api } from "@/lib/studio/api";

export const PUT = route(api.items.assign, async ({ user, params, body, deps }) => ({
  review: await assignItem(deps, user, params.id, body.userId),
}));
