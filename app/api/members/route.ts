import { route } from "@/lib/server/api/route";
import { memberView } from "@/lib/server/auth/team-views";
import { api } from "@/lib/studio/api";

export const GET = route(api.members.list, async ({ runtime }) =>
  (await runtime.team.listMembers()).map(memberView),
);
