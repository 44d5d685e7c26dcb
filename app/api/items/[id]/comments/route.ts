import { requireUser } from "@/lib/server/auth/guard";
import { addComment, commentThreads, newCommentBody } from "@/lib/server/gallery/comments";
import { pageQuery } from "@/lib/server/gallery/page-query";
import { handled } from "@/lib/server/http/handle";
import { idParam } from "@/lib/server/http/params";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";

type Params = { params: Promise<{ id: string }> };

/** The item's comment threads, oldest first, each with its replies: `?cursor=`, `?limit=` up to 100. */
export const GET = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const id = idParam((await params).id, "id");
  if (id instanceof Response) return id;
  const page = pageQuery(new URL(request.url), 50, 100);
  if (page instanceof Response) return page;
  return Response.json({ data: await commentThreads(runtime.database.db, id, page) });
});

/** Adds a comment: `{ body, parentId?, pin?: {x, y} | {seconds} }`; @Name mentions a member. */
export const POST = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "review");
  if (user instanceof Response) return user;
  const id = idParam((await params).id, "id");
  if (id instanceof Response) return id;
  const body = await readJson(request, newCommentBody);
  if (!body.ok) return body.response;
  const comment = await addComment({ db: runtime.database.db, log: runtime.log }, user, id, body.value);
  return Response.json({ data: { comment } }, { status: 201 });
});
