import { route } from "@/lib/server/api/route";
import { readDraft, saveDraft } from "@/lib/server/drafts/drafts";
import { api } from "@/lib/studio/api";

export const GET = route(api.drafts.get, async ({ db, user, params }) => ({
  draft: await readDraft(db, user.id, params.workflow),
}));

export const PUT = route(api.drafts.save, async ({ db, user, params, body }) => ({
  draft: await saveDraft(db, user.id, params.workflow, body),
}));
