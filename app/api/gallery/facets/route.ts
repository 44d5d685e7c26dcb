import { galleryFacets, namedFacets } from "@/lib/server/gallery/facets";
import { route } from "@/lib/server/http/route";
import { modelNamesFor } from "@/lib/server/models/model-names";
import { api } from "@/lib/studio/api";

export const GET = route(api.gallery.facets, async ({ runtime }) =>
  namedFacets(await galleryFacets(runtime.database.db), modelNamesFor(runtime.upstream)),
);
