import { route } from "@/lib/server/api/route";
import { galleryTotals } from "@/lib/server/gallery/filter-count";
import { api } from "@/lib/studio/api";
import { filterOf } from "@/lib/studio/gallery/filter";

export const GET = route(api.gallery.totals, ({ user, query, db }) =>
  galleryTotals(db, filterOf(query), user),
);
