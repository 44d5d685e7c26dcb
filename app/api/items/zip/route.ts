import { requireUser } from "@/lib/server/auth/guard";
import { zipItems } from "@/lib/server/gallery/zip";
import { handled } from "@/lib/server/http/handle";
import { readJson } from "@/lib/server/http/read-json";
import { getRuntime } from "@/lib/server/runtime";
import { itemIdsSchema } from "@/lib/studio/organize";

/** The originals of `{ itemIds }` as one zip with a `manifest.json` of their parameters. */
export const POST = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const body = await readJson(request, itemIdsSchema);
  if (!body.ok) return body.response;
  const { stream, filename } = await zipItems(
    { db: runtime.database.db, storage: runtime.storage },
    body.value.itemIds,
  );
  return new Response(stream, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
});
