import { route } from "@/lib/server/api/route";
import { guestDecide } from "@/lib/server/approvals/guest";
import { api } from "@/lib/studio/api";

export const POST = route(api.approvalLinks.decide, async ({ deps, link, body }) => ({
  approval: await guestDecide(deps, link, body),
}));
