import { route } from "@/lib/server/api/route";
import { studioMediaResponse } from "@/lib/server/items/media-access";
import { api } from "@/lib/studio/api";

export const GET = route(api.media.get, ({ user, params, request, db, storage }) =>
  studioMediaResponse({ db: db, storage: storage }, params.key, user.role, request.headers.get("range")),
);
