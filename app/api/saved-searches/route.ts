import { requireUser } from "@/lib/server/auth/guard";
import { actorOf, pageLimit } from "@/lib/server/gallery/organize-common";
import { createSavedSearch, listSavedSearches } from "@/lib/server/gallery/saved-searches";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { savedSearchCreateSchema } from "@/lib/studio/organize";

/** The member's saved views and the team's shared ones, newest first. */
export const GET = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const url = new URL(request.url);
  const page = await listSavedSearches({ db: runtime.database.db, log: runtime.log }, actorOf(user), {
    cursor: url.searchParams.get("cursor"),
    limit: pageLimit(url.searchParams.get("limit"), 100),
  });
  return Response.json({ data: page });
});

/** Saves a gallery view `{ name, query, shared }` (`query` is the gallery's URL query string). */
export const POST = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const body = await readJson(request, savedSearchCreateSchema);
  if (!body.ok) return body.response;
  const search = await createSavedSearch(
    { db: runtime.database.db, log: runtime.log },
    actorOf(user),
    body.value,
  );
  return Response.json({ data: { search } }, { status: 201 });
});
