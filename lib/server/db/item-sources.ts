import "server-only";
import { inArray } from "drizzle-orm";
import type { StudioDatabase } from "./database";
import { item, itemSource } from "./schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Deeper than any task the contract allows (see inline-media.ts).
const MAX_DEPTH = 64;
/** Keys that group a task's inputs rather than name a role (`inputs.frameImages.0.image`). */
const GROUPS = new Set(["inputs"]);

/**
 * Each studio id a task's params name, with the role it plays there: the first key of its path
 * that is not a grouping key (`seedImage`, `maskImage`, `controlNet`, `frameImages`,
 * `referenceImages`). A task sent from the browser names a studio item by its media UUID (see
 * `StudioRefs`); the params are stored as sent, so the ids are still the studio's.
 */
export function mediaRefsOf(
  params: Record<string, unknown>,
  taskUUID?: string,
): { id: string; role: string }[] {
  const found = new Map<string, { id: string; role: string }>();
  const own = taskUUID?.toLowerCase();
  const walk = (value: unknown, role: string | null, depth: number) => {
    if (depth > MAX_DEPTH) return;
    if (typeof value === "string") {
      if (role === null || !UUID.test(value)) return;
      const id = value.toLowerCase();
      if (id !== own) found.set(`${id} ${role}`, { id, role });
    } else if (Array.isArray(value)) {
      for (const v of value) walk(v, role, depth + 1);
    } else if (value && typeof value === "object") {
      for (const [key, v] of Object.entries(value)) {
        walk(v, role ?? (GROUPS.has(key) ? null : key), depth + 1);
      }
    }
  };
  for (const [key, value] of Object.entries(params)) {
    if (key === "taskUUID") continue;
    walk(value, GROUPS.has(key) ? null : key, 0);
  }
  return [...found.values()];
}

/**
 * Links a new item to the studio items its task was made from (lineage). Ids that name no item
 * (browser uploads, the service's own ids) are skipped; running it twice adds nothing.
 */
export async function recordItemSources(
  db: StudioDatabase,
  itemId: string,
  params: Record<string, unknown>,
  taskUUID?: string,
): Promise<number> {
  const refs = mediaRefsOf(params, taskUUID);
  if (refs.length === 0) return 0;
  const ids = [...new Set(refs.map((r) => r.id))];
  const rows = await db
    .select({ id: item.id, mediaUUID: item.mediaUUID })
    .from(item)
    .where(inArray(item.mediaUUID, ids));
  const byMedia = new Map(rows.map((r) => [r.mediaUUID.toLowerCase(), r.id]));
  const values = refs.flatMap((r) => {
    const sourceItemId = byMedia.get(r.id);
    return sourceItemId && sourceItemId !== itemId ? [{ itemId, sourceItemId, role: r.role }] : [];
  });
  if (values.length === 0) return 0;
  await db.insert(itemSource).values(values).onConflictDoNothing();
  return values.length;
}
