import "server-only";
import { eq } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { studioSetting } from "@/lib/server/db/schema";
import { DEFAULT_STUDIO_LIMITS, type StudioLimits, studioLimitsSchema } from "@/lib/studio/limits/limits";

const NAME = "limits";

/**
 * The owner's caps, read once at start and kept in memory: every `POST /api/tasks` checks them,
 * and the embedded database shares the server's thread. A stored row that no longer parses (an
 * older version's caps) falls back to the defaults, value by value.
 */
export class LimitSettings {
  private limits: StudioLimits = { ...DEFAULT_STUDIO_LIMITS };
  private readonly listeners = new Set<(limits: StudioLimits) => void>();

  constructor(private readonly db: StudioDatabase) {}

  async load(): Promise<StudioLimits> {
    const [row] = await this.db.select().from(studioSetting).where(eq(studioSetting.name, NAME));
    this.limits = withDefaults(row?.value);
    return this.limits;
  }

  current(): StudioLimits {
    return this.limits;
  }

  async update(limits: StudioLimits, by: string): Promise<StudioLimits> {
    const value = studioLimitsSchema.parse(limits);
    await this.db
      .insert(studioSetting)
      .values({ name: NAME, value, updatedBy: by })
      .onConflictDoUpdate({
        target: studioSetting.name,
        set: { value, updatedBy: by, updatedAt: new Date() },
      });
    this.limits = value;
    for (const listener of this.listeners) listener(value);
    return value;
  }

  onChange(listener: (limits: StudioLimits) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

function withDefaults(stored: unknown): StudioLimits {
  const whole = studioLimitsSchema.safeParse(stored);
  if (whole.success) return whole.data;
  const partial = studioLimitsSchema.partial().safeParse(stored);
  const merged = { ...DEFAULT_STUDIO_LIMITS, ...(partial.success ? partial.data : {}) };
  return studioLimitsSchema.safeParse(merged).success ? merged : { ...DEFAULT_STUDIO_LIMITS };
}
