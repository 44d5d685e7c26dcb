import { route } from "@/lib/server/api/route";
import { galleryFacets, namedFacets } from "@/lib/server/gallery/facets";
import { modelNamesFor } from "@/lib/server/models/model-names";
import { api } from "@/lib/studio/api";

export const GET = route(api.gallery.facets, async ({ runtime, db }) =>
  namedFacets(await galleryFacets(db), modelNamesFor(runtime.upstream)),
);
