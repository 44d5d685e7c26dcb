import { route } from "@/lib/server/api/route";
import { approvalBadges } from "@/lib/server/approvals/lists";
import { api } from "@/lib/studio/api";

export const GET = route(api.approvals.badges, async ({ db }) => ({ badges: await approvalBadges(db) }));
