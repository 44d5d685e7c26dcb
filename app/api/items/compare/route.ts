import { route } from "@/lib/server/api/route";
import { compareItems } from "@/lib/server/compare/compare";
import { api } from "@/lib/studio/api";

export const GET = route(api.items.compare, async ({ query, db }) => ({
  items: await compareItems(db, query.ids),
}));
