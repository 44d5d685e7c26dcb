import { requireUser } from "@/lib/server/auth/guard";
import { actorOf, pageLimit } from "@/lib/server/gallery/organize-common";
import { createShareLink, listShareLinks, shareUrl } from "@/lib/server/gallery/share-links";
import { handled } from "@/lib/server/http/handle";
import { requestOrigin } from "@/lib/server/http/origin";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { shareLinkCreateSchema } from "@/lib/studio/organize";

/** Every share link, newest first, with what it names, who made it, its expiry (editor and up). */
export const GET = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "organize");
  if (user instanceof Response) return user;
  const url = new URL(request.url);
  const page = await listShareLinks({ db: runtime.database.db, log: runtime.log }, actorOf(user), {
    cursor: url.searchParams.get("cursor"),
    limit: pageLimit(url.searchParams.get("limit"), 100),
  });
  return Response.json({ data: page });
});

/**
 * A link for people without an account `{ itemId | boardId, allowComments, showParams,
 * expiresInDays }`. The answer's `url` holds the token: it is shown this once.
 */
export const POST = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "organize");
  if (user instanceof Response) return user;
  const body = await readJson(request, shareLinkCreateSchema);
  if (!body.ok) return body.response;
  const { link, token } = await createShareLink(
    { db: runtime.database.db, log: runtime.log },
    actorOf(user),
    body.value,
  );
  const origin = runtime.env.STUDIO_URL ?? requestOrigin(request);
  return Response.json({ data: { link, url: shareUrl(origin, token) } }, { status: 201 });
});
