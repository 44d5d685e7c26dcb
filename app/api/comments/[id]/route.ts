import { route } from "@/lib/server/api/route";
import { updateComment } from "@/lib/server/comments/comments";
import { api } from "@/lib/studio/api";

export const PATCH = route(api.comments.update, async ({ user, params, body, deps }) => ({
  comment: await updateComment(deps, user, params.id, body),
}));
