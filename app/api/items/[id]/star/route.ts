import { route } from "@/lib/server/api/route";
import { setStar } from "@/lib/server/review/stars";
import { api } from "@/lib/studio/api";
import { studioErrors } from "@/lib/studio/api/errors";

export const PUT = route(api.items.star, async ({ user, params, db }) => {
  if (!(await setStar(db, user.id, params.id, true))) throw studioErrors.itemNotFound();
  return { itemId: params.id, starred: true };
});

export const DELETE = route(api.items.unstar, async ({ user, params, db }) => {
  if (!(await setStar(db, user.id, params.id, false))) throw studioErrors.itemNotFound();
  return { itemId: params.id, starred: false };
});
