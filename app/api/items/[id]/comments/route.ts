import { route } from "@/lib/server/api/route";
import { addComment, commentThreads } from "@/lib/server/comments/comments";
import { api } from "@/lib/studio/api";

export const GET = route(api.items.comments, ({ params, query, db }) => commentThreads(db, params.id, query));

export const POST = route(api.items.addComment, async ({ user, params, body, deps }) => ({
  comment: await addComment(deps, user, params.id, body),
}));
