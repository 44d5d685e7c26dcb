import { route } from "@/lib/server/api/route";
import { addComment, commentThreads } from "@/lib/server/gallery/comments";
import { api } from "@/lib/studio/api";

export const GET = route(api.items.comments, ({ runtime, params, query }) =>
  commentThreads(runtime.database.db, params.id, query),
);

export const POST = route(api.items.addComment, async ({ runtime, user, params, body }) => ({
  comment: await addComment({ db: runtime.database.db, log: runtime.log }, user, params.id, body),
}));
