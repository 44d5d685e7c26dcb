import { route } from "@/lib/server/api/route";
import { rateItem, unrateItem } from "@/lib/server/review/actions";
import { api } from "@/lib/studio/api";

export const PUT = route(api.items.rate, async ({ user, params, body, deps }) => {
  const review = await rateItem(deps, user, params.id, body.value);
  return { review, myRating: body.value };
});

export const DELETE = route(api.items.unrate, async ({ user, params, deps }) => {
  const review = await unrateItem(deps, user, params.id);
  return { review, myRating: null };
});
