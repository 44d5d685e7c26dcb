import { route } from "@/lib/server/api/route";
import { actorOf } from "@/lib/server/items/actor";
import { createSavedSearch, listSavedSearches } from "@/lib/server/organize/saved-searches";
import { api } from "@/lib/studio/api";

export const GET = route(api.savedSearches.list, ({ user, query, deps }) =>
  listSavedSearches(deps, actorOf(user), query),
);

export const POST = route(api.savedSearches.create, async ({ user, body, deps }) => ({
  search: await createSavedSearch(deps, actorOf(user), body),
}));
