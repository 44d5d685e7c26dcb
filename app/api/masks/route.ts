import { route } from "@/lib/server/api/route";
import { keepMask } from "@/lib/server/masks/keep-mask";
import { api } from "@/lib/studio/api";

export const POST = route(api.masks.keep, async ({ user, body, db, storage }) => {
  const { item } = await keepMask(db, storage, user, body);
  return item;
});
