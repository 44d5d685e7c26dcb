import { route } from "@/lib/server/api/route";
import { rateItem, unrateItem } from "@/lib/server/gallery/review-actions";
import { api } from "@/lib/studio/api";

export const PUT = route(api.items.rate, async ({ runtime, user, params, body }) => {
  const review = await rateItem({ db: runtime.database.db, log: runtime.log }, user, params.id, body.value);
  return { review, myRating: body.value };
});

export const DELETE = route(api.items.unrate, async ({ runtime, user, params }) => {
  const review = await unrateItem({ db: runtime.database.db, log: runtime.log }, user, params.id);
  return { review, myRating: null };
});
