import { route } from "@/lib/server/api/route";
import { actorOf } from "@/lib/server/gallery/organize-common";
import { createSavedSearch, listSavedSearches } from "@/lib/server/gallery/saved-searches";
import { api } from "@/lib/studio/api";

export const GET = route(api.savedSearches.list, ({ runtime, user, query }) =>
  listSavedSearches({ db: runtime.database.db, log: runtime.log }, actorOf(user), query),
);

export const POST = route(api.savedSearches.create, async ({ runtime, user, body }) => ({
  search: await createSavedSearch({ db: runtime.database.db, log: runtime.log }, actorOf(user), body),
}));
