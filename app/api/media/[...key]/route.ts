import { studioMediaResponse } from "@/lib/server/gallery/media-access";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";

/** The studio's stored media, to signed-in members who may read it; ranges for video seeking. */
export const GET = handled(async (request: Request, { params }: { params: Promise<{ key: string[] }> }) => {
  const runtime = await getRuntime();
  const { gate, database, storage } = runtime;
  return studioMediaResponse({ gate, db: database.db, storage }, request, (await params).key);
});
