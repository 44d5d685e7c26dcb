import { route } from "@/lib/server/api/route";
import { seedStackMembers } from "@/lib/server/seed-stacks/members";
import { api } from "@/lib/studio/api";

export const GET = route(api.seedStacks.members, ({ user, params, db }) =>
  seedStackMembers(db, params.id, user.id),
);
