import { requireUser } from "@/lib/server/auth/guard";
import { actorOf, uuidParam } from "@/lib/server/gallery/organize-common";
import { deleteSavedSearch, updateSavedSearch } from "@/lib/server/gallery/saved-searches";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { savedSearchPatchSchema } from "@/lib/studio/organize";

type Params = { params: Promise<{ id: string }> };

/** Renames a saved view, changes its query or shares it `{ name?, query?, shared? }` (its owner only). */
export const PATCH = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const id = uuidParam((await params).id, "id");
  if (id instanceof Response) return id;
  const body = await readJson(request, savedSearchPatchSchema);
  if (!body.ok) return body.response;
  const search = await updateSavedSearch(
    { db: runtime.database.db, log: runtime.log },
    actorOf(user),
    id,
    body.value,
  );
  return Response.json({ data: { search } });
});

/** Deletes a saved view (its owner only). */
export const DELETE = handled(async (request: Request, { params }: Params) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const id = uuidParam((await params).id, "id");
  if (id instanceof Response) return id;
  await deleteSavedSearch({ db: runtime.database.db, log: runtime.log }, actorOf(user), id);
  return new Response(null, { status: 204 });
});
