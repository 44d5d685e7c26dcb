import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { notificationSetting } from "@/lib/server/db/schema";
import {
  NOTIFICATION_KINDS,
  type NotificationChoice,
  type NotificationKind,
  type NotificationSettings,
} from "@/lib/studio/notifications/notifications";
import { notificationOutlet } from "./outlet";
import type { Tx } from "./types";

/** A kind nobody chose for: listed in the inbox, and emailed when the studio can send email. */
export function defaultChoice(emailAvailable: boolean): NotificationChoice {
  return { inbox: true, email: emailAvailable };
}

/** Each member's choice for one kind, defaults filled in. */
export async function choicesFor(
  db: Tx,
  kind: NotificationKind,
  userIds: string[],
): Promise<Map<string, NotificationChoice>> {
  const fallback = defaultChoice(notificationOutlet().emailAvailable);
  const rows =
    userIds.length > 0
      ? await db
          .select({
            userId: notificationSetting.userId,
            inbox: notificationSetting.inbox,
            email: notificationSetting.email,
          })
          .from(notificationSetting)
          .where(and(eq(notificationSetting.kind, kind), inArray(notificationSetting.userId, userIds)))
      : [];
  const chosen = new Map(rows.map((r) => [r.userId, { inbox: r.inbox, email: r.email }]));
  return new Map(userIds.map((id) => [id, chosen.get(id) ?? fallback]));
}

export interface SettingsView {
  settings: NotificationSettings;
  emailAvailable: boolean;
}

/** A member's choices for every kind, defaults filled in. */
export async function notificationSettings(db: Tx, userId: string): Promise<SettingsView> {
  const emailAvailable = notificationOutlet().emailAvailable;
  const rows = await db.select().from(notificationSetting).where(eq(notificationSetting.userId, userId));
  const chosen = new Map(rows.map((r) => [r.kind, { inbox: r.inbox, email: r.email }]));
  const settings = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, chosen.get(kind) ?? defaultChoice(emailAvailable)]),
  ) as NotificationSettings;
  return { settings, emailAvailable };
}

/** Stores a member's choice for every kind at once (what the Settings panel saves). */
export async function saveNotificationSettings(
  db: Tx,
  userId: string,
  settings: NotificationSettings,
): Promise<SettingsView> {
  await db
    .insert(notificationSetting)
    .values(NOTIFICATION_KINDS.map((kind) => ({ userId, kind, ...settings[kind] })))
    .onConflictDoUpdate({
      target: [notificationSetting.userId, notificationSetting.kind],
      set: {
        inbox: sql`excluded.inbox`,
        email: sql`excluded.email`,
        updatedAt: sql`now()`,
      },
    });
  return notificationSettings(db, userId);
}
