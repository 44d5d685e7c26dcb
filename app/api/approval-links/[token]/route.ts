import { dataResponse, route } from "@/lib/server/api/route";
import { guestApproval } from "@/lib/server/approvals/guest";
import { api } from "@/lib/studio/api";

// Not kept by the browser: what a guest sees must follow the request as it moves.
const NO_STORE = { headers: { "cache-control": "no-store" } };

export const GET = route(api.approvalLinks.get, async ({ db, link }) =>
  dataResponse({ approval: await guestApproval(db, link) }, NO_STORE),
);
