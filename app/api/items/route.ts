import { route } from "@/lib/server/http/route";
import { filteredGalleryPage } from "@/lib/server/results/gallery-page";
import { api } from "@/lib/studio/api";
import { filterOf } from "@/lib/studio/gallery-filter";

export const GET = route(api.items.list, ({ runtime, user, query }) =>
  filteredGalleryPage(runtime.database.db, filterOf(query), user, query),
);
