import { route } from "@/lib/server/api/route";
import { experimentView } from "@/lib/server/experiments/view";
import { refuseWhileVoting } from "@/lib/server/votes/blinded";
import { api } from "@/lib/studio/api";
import { studioErrors } from "@/lib/studio/api/errors";

export const GET = route(api.experiments.get, async ({ params, user, db }) => {
  await refuseWhileVoting(db, user.id, { experimentId: params.id });
  const view = await experimentView(db, params.id);
  if (!view) throw studioErrors.experimentNotFound();
  return view;
});
