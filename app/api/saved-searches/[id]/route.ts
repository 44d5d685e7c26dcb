import { route } from "@/lib/server/api/route";
import { actorOf } from "@/lib/server/items/actor";
import { deleteSavedSearch, updateSavedSearch } from "@/lib/server/organize/saved-searches";
import { api } from "@/lib/studio/api";

export const PATCH = route(api.savedSearches.update, async ({ user, params, body, deps }) => ({
  search: await updateSavedSearch(deps, actorOf(user), params.id, body),
}));

export const DELETE = route(api.savedSearches.delete, ({ user, params, deps }) =>
  deleteSavedSearch(deps, actorOf(user), params.id),
);
