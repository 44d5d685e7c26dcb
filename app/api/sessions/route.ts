import { route } from "@/lib/server/api/route";
import { api } from "@/lib/studio/api";

export const DELETE = route(api.sessions.endAll, async ({ runtime, user }) => ({
  ended: await runtime.team.signOutEverywhere(user.id),
}));
