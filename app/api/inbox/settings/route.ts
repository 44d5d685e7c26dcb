import { route } from "@/lib/server/api/route";
import { notificationSettings, saveNotificationSettings } from "@/lib/server/notifications/settings";
import { api } from "@/lib/studio/api";

export const GET = route(api.inbox.settings, ({ user, db }) => notificationSettings(db, user.id));

export const PUT = route(api.inbox.saveSettings, ({ user, body, db }) =>
  saveNotificationSettings(db, user.id, body),
);
