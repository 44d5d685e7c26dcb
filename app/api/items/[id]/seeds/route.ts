import { route } from "@/lib/server/api/route";
import { itemViews } from "@/lib/server/items/item-view";
import { seedStackRows } from "@/lib/server/seed-stacks/members";
import { api } from "@/lib/studio/api";

export const GET = route(api.seedStacks.members, async ({ user, params, db }) => {
  const { cover, rows } = await seedStackRows(db, params.id);
  return { cover, members: await itemViews(db, rows, { viewerId: user.id }) };
});
