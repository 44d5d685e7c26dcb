import { route } from "@/lib/server/api/route";
import { historyPage } from "@/lib/server/review/audit-trail";
import { api } from "@/lib/studio/api";

export const GET = route(api.items.history, ({ params, query, db }) => historyPage(db, params.id, query));
