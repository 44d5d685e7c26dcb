import { requireUser } from "@/lib/server/auth/guard";
import { actorOf } from "@/lib/server/gallery/organize-common";
import { purgeItems } from "@/lib/server/gallery/trash";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { itemIdsSchema } from "@/lib/studio/organize";

/** Deletes `{ itemIds }` (in the trash) for good, with their media (owner). */
export const POST = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "manage");
  if (user instanceof Response) return user;
  const body = await readJson(request, itemIdsSchema);
  if (!body.ok) return body.response;
  const purged = await purgeItems(
    { db: runtime.database.db, log: runtime.log, storage: runtime.storage },
    actorOf(user),
    body.value.itemIds,
  );
  return Response.json({ data: { purged } });
});
