import { route } from "@/lib/server/api/route";
import { zipItems } from "@/lib/server/organize/zip";
import { api } from "@/lib/studio/api";

export const POST = route(api.items.zip, async ({ body, db, storage }) => {
  const { stream, filename } = await zipItems({ db: db, storage: storage }, body.itemIds);
  return new Response(stream, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
});
