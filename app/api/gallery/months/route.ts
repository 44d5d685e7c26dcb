import { route } from "@/lib/server/api/route";
import { galleryMonths } from "@/lib/server/gallery/months";
import { api } from "@/lib/studio/api";
import { filterOf } from "@/lib/studio/gallery/filter";

export const GET = route(api.gallery.months, ({ user, query, db }) =>
  galleryMonths(db, filterOf(query), user),
);
