import { route } from "@/lib/server/api/route";
import { bulkAction } from "@/lib/server/gallery/bulk";
import { actorOf } from "@/lib/server/gallery/organize-common";
import { api } from "@/lib/studio/api";

export const POST = route(api.items.bulk, ({ runtime, user, body }) =>
  bulkAction({ db: runtime.database.db, log: runtime.log }, actorOf(user), body),
);
