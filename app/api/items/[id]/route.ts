import { route } from "@/lib/server/api/route";
import { studioEnv } from "@/lib/server/env";
import { itemDetail } from "@/lib/server/gallery/item-detail";
import { api } from "@/lib/studio/api";

export const GET = route(api.items.get, ({ runtime, user, params }) =>
  itemDetail(runtime.database.db, params.id, user.id, studioEnv().embedded),
);
