import { requireUser } from "@/lib/server/auth/guard";
import { galleryFacets } from "@/lib/server/gallery/facets";
import { handled } from "@/lib/server/http/handle";
import { getRuntime } from "@/lib/server/runtime";

/** The values the gallery's filter menus offer (models, LoRAs, authors, tags, workflows), with counts. */
export const GET = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  return Response.json({ data: await galleryFacets(runtime.database.db) });
});
