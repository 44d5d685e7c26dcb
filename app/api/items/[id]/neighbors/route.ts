import { route } from "@/lib/server/api/route";
import { neighborIds } from "@/lib/server/gallery/filter-query";
import { api } from "@/lib/studio/api";
import { studioErrors } from "@/lib/studio/api/errors";
import { filterOf } from "@/lib/studio/gallery/filter";

export const GET = route(api.items.neighbors, async ({ user, params, query, db }) => {
  const found = await neighborIds(db, filterOf(query), user, params.id);
  if (!found) throw studioErrors.itemNotFound();
  return found;
});
