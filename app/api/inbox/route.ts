import { route } from "@/lib/server/api/route";
import { inboxPage } from "@/lib/server/notifications/inbox";
import { api } from "@/lib/studio/api";

export const GET = route(api.inbox.list, ({ user, query, db }) => inboxPage(db, user.id, query));
