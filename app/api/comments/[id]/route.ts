import { requireUser } from "@/lib/server/auth/guard";
import { commentPatchBody, updateComment } from "@/lib/server/gallery/comments";
import { handled } from "@/lib/server/http/handle";
import { idParam } from "@/lib/server/http/params";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";

type Params = { params: Promise<{ id: string }> };

/** Resolves or reopens a comment, `{ resolved }`, or edits my own comment's text, `{ body }`. */
export const PATCH = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "review");
  if (user instanceof Response) return user;
  const id = idParam((await params).id, "id");
  if (id instanceof Response) return id;
  const body = await readJson(request, commentPatchBody);
  if (!body.ok) return body.response;
  const comment = await updateComment({ db: runtime.database.db, log: runtime.log }, user, id, body.value);
  return Response.json({ data: { comment } });
});
