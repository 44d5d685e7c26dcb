import { route } from "@/lib/server/api/route";
import { assignItem } from "@/lib/server/gallery/review-actions";
import { api } from "@/lib/studio/api";

export const PUT = route(api.items.assign, async ({ runtime, user, params, body }) => ({
  review: await assignItem({ db: runtime.database.db, log: runtime.log }, user, params.id, body.userId),
}));
