import { dataResponse, route } from "@/lib/server/api/route";
import { sharedView } from "@/lib/server/share/view";
import { api } from "@/lib/studio/api";

// Not kept by the browser: a revoked link must stop showing at once.
const NO_STORE = { headers: { "cache-control": "no-store" } };

export const GET = route(api.share.get, async ({ deps, link, query }) =>
  dataResponse(await sharedView(deps, link, query), NO_STORE),
);
