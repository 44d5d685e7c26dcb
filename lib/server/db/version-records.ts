import "server-only";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { StudioDatabase } from "./database";
import { type ItemRow, item, itemColumns, type NewItemRow, reviewEvent, versionStack } from "./schema";

type Tx = Pick<StudioDatabase, "select" | "insert" | "update" | "execute">;

/** Where a new version lands: its stack, the number it got, and how many live versions it has now. */
export interface StackPlace {
  id: string;
  version: number;
  count: number;
}

/**
 * Inserts `values` as the next version of the stack `stackId` (the id of its first version).
 * Numbers are counted up on the stack's `version_stack` row, whose lock holds until the insert
 * commits: two results of one stack kept at the same moment get distinct numbers, and the unique
 * (stack_id, version) key holds it anyway.
 * The first version joins its own stack as v1 the first time a version is made from it. A new
 * version starts "In review", recorded in the audit trail like any state change, by the member
 * who sent the task. Returns no row when the result was already kept (by another route).
 */
export async function insertVersion(
  tx: Tx,
  stackId: string,
  values: NewItemRow,
  actor: { id: string; name: string },
): Promise<{ rows: ItemRow[]; stack: StackPlace | null }> {
  // The first version is v1, so a new stack's first count is 2.
  const [counted] = await tx
    .insert(versionStack)
    .values({ id: stackId, lastVersion: 2 })
    .onConflictDoUpdate({
      target: versionStack.id,
      set: { lastVersion: sql`${versionStack.lastVersion} + 1` },
    })
    .returning({ lastVersion: versionStack.lastVersion });
  const version = counted?.lastVersion ?? 2;
  await tx
    .update(item)
    .set({ stackId, version: 1 })
    .where(and(eq(item.id, stackId), isNull(item.stackId)));
  const rows = await tx
    .insert(item)
    .values({ ...values, stackId, version, reviewState: "in_review" })
    .onConflictDoNothing()
    .returning(itemColumns);
  const [made] = rows;
  if (!made) return { rows, stack: null };
  await tx.insert(reviewEvent).values({
    itemId: made.id,
    actorId: actor.id,
    actorName: actor.name,
    kind: "state",
    fromValue: "draft",
    toValue: "in_review",
  });
  return { rows, stack: { id: stackId, version, count: await liveVersions(tx, stackId) } };
}

/** How many versions of the stack are live (out of the trash). */
export async function liveVersions(db: Pick<StudioDatabase, "select">, stackId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(item)
    .where(and(eq(item.stackId, stackId), isNull(item.deletedAt)));
  return row?.n ?? 0;
}
