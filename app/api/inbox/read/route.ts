import { route } from "@/lib/server/api/route";
import { markRead } from "@/lib/server/notify/inbox";
import { api } from "@/lib/studio/api";

export const POST = route(api.inbox.markRead, ({ runtime, user, body }) =>
  markRead({ db: runtime.database.db, log: runtime.log }, user, body),
);
