import { route } from "@/lib/server/api/route";
import { actorOf } from "@/lib/server/gallery/organize-common";
import { deleteSavedSearch, updateSavedSearch } from "@/lib/server/gallery/saved-searches";
import { api } from "@/lib/studio/api";

export const PATCH = route(api.savedSearches.update, async ({ runtime, user, params, body }) => ({
  search: await updateSavedSearch(
    { db: runtime.database.db, log: runtime.log },
    actorOf(user),
    params.id,
    body,
  ),
}));

export const DELETE = route(api.savedSearches.delete, ({ runtime, user, params }) =>
  deleteSavedSearch({ db: runtime.database.db, log: runtime.log }, actorOf(user), params.id),
);
