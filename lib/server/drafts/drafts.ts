import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db/database";
import { createDraft } from "@/lib/server/db/schema";
import type { DraftSlug, DraftView } from "@/lib/studio/api/drafts";
import { studioErrors } from "@/lib/studio/api/errors";

type Row = Pick<typeof createDraft.$inferSelect, "values" | "savedAt" | "updatedAt">;

function view(row: Row): DraftView {
  return { values: row.values, savedAt: row.savedAt, updatedAt: row.updatedAt.toISOString() };
}

/** The member's own draft of one workflow's form; another member's is never read. */
export async function readDraft(
  db: StudioDatabase,
  userId: string,
  workflow: DraftSlug,
): Promise<DraftView | null> {
  const [row] = await db
    .select({ values: createDraft.values, savedAt: createDraft.savedAt, updatedAt: createDraft.updatedAt })
    .from(createDraft)
    .where(and(eq(createDraft.userId, userId), eq(createDraft.workflow, workflow)));
  return row ? view(row) : null;
}

/**
 * Writes the draft in one statement, and only over a copy taken earlier: of two saves racing (two
 * tabs, two devices, a request held up on a slow link), the one taken last stays whichever order
 * they arrive in. A save that loses is refused, so its tab knows a newer copy exists.
 */
export async function saveDraft(
  db: StudioDatabase,
  userId: string,
  workflow: DraftSlug,
  input: { values: Record<string, unknown>; savedAt: number },
): Promise<DraftView> {
  const [row] = await db
    .insert(createDraft)
    .values({ userId, workflow, values: input.values, savedAt: input.savedAt })
    .onConflictDoUpdate({
      target: [createDraft.userId, createDraft.workflow],
      set: { values: sql`excluded.values`, savedAt: sql`excluded.saved_at`, updatedAt: sql`now()` },
      setWhere: sql`${createDraft.savedAt} < excluded.saved_at`,
    })
    .returning({
      values: createDraft.values,
      savedAt: createDraft.savedAt,
      updatedAt: createDraft.updatedAt,
    });
  if (!row) throw studioErrors.draftStale();
  return view(row);
}
