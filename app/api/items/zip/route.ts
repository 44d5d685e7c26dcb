import { route } from "@/lib/server/api/route";
import { assertDownloadable } from "@/lib/server/approvals/holds";
import { zipItems } from "@/lib/server/organize/zip";
import { api } from "@/lib/studio/api";

export const POST = route(api.items.zip, async ({ user, body, db, storage }) => {
  await assertDownloadable(db, user.role, body.itemIds, "itemIds");
  const { stream, filename } = await zipItems({ db: db, storage: storage }, body.itemIds);
  return new Response(stream, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
});
