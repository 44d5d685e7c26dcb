import { requireUser } from "@/lib/server/auth/guard";
import { markRead, markReadBody } from "@/lib/server/gallery/inbox";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";

/** Marks mentions of me read: `{ commentIds }` or `{ all: true }`. Answers `{ unread }`. */
export const POST = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const body = await readJson(request, markReadBody);
  if (!body.ok) return body.response;
  return Response.json({
    data: await markRead({ db: runtime.database.db, log: runtime.log }, user, body.value),
  });
});
