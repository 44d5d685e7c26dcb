import { route } from "@/lib/server/api/route";
import { notificationSettings, saveNotificationSettings } from "@/lib/server/notify/settings";
import { api } from "@/lib/studio/api";

export const GET = route(api.inbox.settings, ({ runtime, user }) =>
  notificationSettings(runtime.database.db, user.id),
);

export const PUT = route(api.inbox.saveSettings, ({ runtime, user, body }) =>
  saveNotificationSettings(runtime.database.db, user.id, body),
);
