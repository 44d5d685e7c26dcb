import { route } from "@/lib/server/api/route";
import { markRead } from "@/lib/server/notifications/inbox";
import { api } from "@/lib/studio/api";

export const POST = route(api.inbox.markRead, ({ user, body, deps }) => markRead(deps, user, body));
