import { requireUser } from "@/lib/server/auth/guard";
import { actorOf, uuidParam } from "@/lib/server/gallery/organize-common";
import { setItemTags } from "@/lib/server/gallery/tags";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { itemTagsSchema } from "@/lib/studio/organize";

/** Replaces an item's tags `{ tags }` (lower-cased, 1-64 characters each; editor and up). */
export const PUT = handled(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "organize");
  if (user instanceof Response) return user;
  const id = uuidParam((await params).id, "id");
  if (id instanceof Response) return id;
  const body = await readJson(request, itemTagsSchema);
  if (!body.ok) return body.response;
  const tags = await setItemTags(
    { db: runtime.database.db, log: runtime.log },
    actorOf(user),
    id,
    body.value.tags,
  );
  return Response.json({ data: { tags } });
});
