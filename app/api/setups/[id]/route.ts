import { route } from "@/lib/server/api/route";
import { readSetup } from "@/lib/server/drafts/setups";
import { api } from "@/lib/studio/api";

export const GET = route(api.setups.get, async ({ db, params }) => ({
  setup: await readSetup(db, params.id),
}));
