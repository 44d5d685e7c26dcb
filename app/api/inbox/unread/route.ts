import { route } from "@/lib/server/api/route";
import { unreadCount } from "@/lib/server/notifications/inbox";
import { api } from "@/lib/studio/api";

export const GET = route(api.inbox.unread, async ({ user, db }) => ({
  unread: await unreadCount(db, user.id),
}));
