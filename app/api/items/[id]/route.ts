import { studioEnv } from "@/lib/server/env";
import { itemDetail } from "@/lib/server/gallery/item-detail";
import { route } from "@/lib/server/http/route";
import { api } from "@/lib/studio/api";

export const GET = route(api.items.get, ({ runtime, user, params }) =>
  itemDetail(runtime.database.db, params.id, user.id, studioEnv().embedded),
);
