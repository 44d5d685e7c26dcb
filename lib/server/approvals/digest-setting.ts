import "server-only";
import { eq } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { studioSetting } from "@/lib/server/db/schema";
import { DEFAULT_DIGEST_SETTING, type DigestSetting } from "@/lib/studio/approvals/digest-time";
import { digestSettingSchema } from "@/lib/studio/approvals/inputs";

const NAME = "approvalDigest";

/**
 * The team's digest hour and time zone. Read from the database at every sweep, not kept in
 * memory: studios sharing one database follow the owner's change on any of them. A stored value
 * that no longer parses reads as the default.
 */
export async function readDigestSetting(db: StudioDatabase): Promise<DigestSetting> {
  const [row] = await db.select().from(studioSetting).where(eq(studioSetting.name, NAME));
  const parsed = digestSettingSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : { ...DEFAULT_DIGEST_SETTING };
}

export async function saveDigestSetting(
  db: StudioDatabase,
  setting: DigestSetting,
  by: string,
): Promise<DigestSetting> {
  const value = digestSettingSchema.parse(setting);
  await db
    .insert(studioSetting)
    .values({ name: NAME, value, updatedBy: by })
    .onConflictDoUpdate({ target: studioSetting.name, set: { value, updatedBy: by, updatedAt: new Date() } });
  return value;
}
