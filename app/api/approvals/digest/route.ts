import { route } from "@/lib/server/api/route";
import { readDigestSetting, saveDigestSetting } from "@/lib/server/approvals/digest-setting";
import { api } from "@/lib/studio/api";

export const GET = route(api.approvals.digest, async ({ db }) => ({ digest: await readDigestSetting(db) }));

export const PUT = route(api.approvals.setDigest, async ({ db, body, user }) => ({
  digest: await saveDigestSetting(db, body, user.id),
}));
