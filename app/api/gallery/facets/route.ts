import { requireUser } from "@/lib/server/auth/guard";
import { galleryFacets, namedFacets } from "@/lib/server/gallery/facets";
import { handled } from "@/lib/server/http/handle";
import { modelNamesFor } from "@/lib/server/models/model-names";
import { getRuntime } from "@/lib/server/runtime";

/** The values the gallery's filter menus offer (models by name, LoRAs, authors, tags, workflows), with counts. */
export const GET = handled(async (request: Request) => {
  const runtime = await getRuntime();
  const user = await requireUser(runtime.gate, request, "view");
  if (user instanceof Response) return user;
  const facets = await galleryFacets(runtime.database.db);
  return Response.json({ data: await namedFacets(facets, modelNamesFor(runtime.upstream)) });
});
