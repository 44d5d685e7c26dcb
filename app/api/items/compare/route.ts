import { route } from "@/lib/server/api/route";
import { compareItems } from "@/lib/server/gallery/compare";
import { api } from "@/lib/studio/api";

export const GET = route(api.items.compare, async ({ runtime, query }) => ({
  items: await compareItems(runtime.database.db, query.ids),
}));
