import { route } from "@/lib/server/api/route";
import { createSetupLink } from "@/lib/server/drafts/setups";
import { api } from "@/lib/studio/api";

export const POST = route(api.setups.create, async ({ db, user, body }) => ({
  setup: await createSetupLink(db, user, body),
}));
