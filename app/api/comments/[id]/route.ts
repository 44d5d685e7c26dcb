import { route } from "@/lib/server/api/route";
import { updateComment } from "@/lib/server/gallery/comments";
import { api } from "@/lib/studio/api";

export const PATCH = route(api.comments.update, async ({ runtime, user, params, body }) => ({
  comment: await updateComment({ db: runtime.database.db, log: runtime.log }, user, params.id, body),
}));
