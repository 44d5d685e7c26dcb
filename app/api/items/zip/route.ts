import { route } from "@/lib/server/api/route";
import { zipItems } from "@/lib/server/gallery/zip";
import { api } from "@/lib/studio/api";

export const POST = route(api.items.zip, async ({ runtime, body }) => {
  const { stream, filename } = await zipItems(
    { db: runtime.database.db, storage: runtime.storage },
    body.itemIds,
  );
  return new Response(stream, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
});
