import { route } from "@/lib/server/api/route";
import { setReviewState } from "@/lib/server/gallery/review-actions";
import { api } from "@/lib/studio/api";

export const PUT = route(api.items.setState, async ({ runtime, user, params, body }) => ({
  review: await setReviewState({ db: runtime.database.db, log: runtime.log }, user, params.id, body.state),
}));
