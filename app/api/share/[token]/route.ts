import { dataResponse, route } from "@/lib/server/api/route";
import { sharedView } from "@/lib/server/gallery/share-view";
import { api } from "@/lib/studio/api";

// Not kept by the browser: a revoked link must stop showing at once.
const NO_STORE = { headers: { "cache-control": "no-store" } };

export const GET = route(api.share.get, async ({ runtime, params, query }) =>
  dataResponse(
    await sharedView({ db: runtime.database.db, log: runtime.log }, params.token, query),
    NO_STORE,
  ),
);
