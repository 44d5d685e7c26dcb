import { route } from "@/lib/server/api/route";
import { setReviewState } from "@/lib/server/review/actions";
import { api } from "@/lib/studio/api";

export const PUT = route(api.items.setState, async ({ user, params, body, deps }) => ({
  review: await setReviewState(deps, user, params.id, body.state),
}));
