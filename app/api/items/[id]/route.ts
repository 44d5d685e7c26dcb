import { route } from "@/lib/server/api/route";
import { itemDetail } from "@/lib/server/review/item-detail";
import { refuseWhileVoting } from "@/lib/server/votes/blinded";
import { api } from "@/lib/studio/api";

export const GET = route(api.items.get, async ({ user, params, db }) => {
  await refuseWhileVoting(db, user.id, { itemId: params.id });
  return itemDetail(db, params.id, user.id);
});
