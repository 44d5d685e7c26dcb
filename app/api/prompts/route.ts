import { route } from "@/lib/server/api/route";
import { promptHistoryPage } from "@/lib/server/prompts/history";
import { api } from "@/lib/studio/api";

export const GET = route(api.prompts.history, ({ query, user, db }) => promptHistoryPage(db, query, user.id));
