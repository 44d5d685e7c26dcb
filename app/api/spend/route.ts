import { route } from "@/lib/server/api/route";
import { spendSummary } from "@/lib/server/spend/ledger";
import { api } from "@/lib/studio/api";
import { can } from "@/lib/studio/roles";
import { monthOf } from "@/lib/studio/spend/month";

export const GET = route(api.spend.summary, ({ user, query, db }) =>
  spendSummary(db, query.month ?? monthOf(new Date()), can(user.role, "manage") ? undefined : user.id),
);
