import { route } from "@/lib/server/api/route";
import { actorOf } from "@/lib/server/items/actor";
import { purgeItems } from "@/lib/server/organize/trash";
import { api } from "@/lib/studio/api";

export const POST = route(api.trash.purge, async ({ user, body, db, storage, log }) => ({
  purged: await purgeItems({ db: db, log: log, storage: storage }, actorOf(user), body.itemIds),
}));
