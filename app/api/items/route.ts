import { route } from "@/lib/server/api/route";
import { filteredGalleryPage } from "@/lib/server/gallery/gallery-page";
import { api } from "@/lib/studio/api";
import { filterOf } from "@/lib/studio/gallery/filter";

export const GET = route(api.items.list, ({ user, query, db }) =>
  filteredGalleryPage(db, filterOf(query), user, query),
);
