import "server-only";
import { eq, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db/database";
import { doneAlertSetting } from "@/lib/server/db/schema";
import type { DoneAlertSettings } from "@/lib/studio/api/done-alerts";

/** Off until the member turns it on: the browser asks its permission only then. */
const OFF: DoneAlertSettings = { notify: false, sound: false };

export async function readDoneAlerts(db: StudioDatabase, userId: string): Promise<DoneAlertSettings> {
  const [row] = await db
    .select({ notify: doneAlertSetting.notify, sound: doneAlertSetting.sound })
    .from(doneAlertSetting)
    .where(eq(doneAlertSetting.userId, userId));
  return row ?? OFF;
}

export async function saveDoneAlerts(
  db: StudioDatabase,
  userId: string,
  settings: DoneAlertSettings,
): Promise<DoneAlertSettings> {
  const [row] = await db
    .insert(doneAlertSetting)
    .values({ userId, ...settings })
    .onConflictDoUpdate({
      target: doneAlertSetting.userId,
      set: { notify: settings.notify, sound: settings.sound, updatedAt: sql`now()` },
    })
    .returning({ notify: doneAlertSetting.notify, sound: doneAlertSetting.sound });
  return row ?? settings;
}
