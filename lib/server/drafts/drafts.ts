import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db/database";
import { createDraft } from "@/lib/server/db/schema";
import type { DraftSlug, DraftView } from "@/lib/studio/api/drafts";
import { studioErrors } from "@/lib/studio/api/errors";

type Row = Pick<typeof createDraft.$inferSelect, "values" | "savedAt" | "writer" | "updatedAt">;

function view(row: Row): DraftView {
  return {
    values: row.values,
    savedAt: row.savedAt,
    writer: row.writer,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The member's own draft of one workflow's form; another member's is never read. */
export async function readDraft(
  db: StudioDatabase,
  userId: string,
  workflow: DraftSlug,
): Promise<DraftView | null> {
  const [row] = await db
    .select({
      values: createDraft.values,
      savedAt: createDraft.savedAt,
      writer: createDraft.writer,
      updatedAt: createDraft.updatedAt,
    })
    .from(createDraft)
    .where(and(eq(createDraft.userId, userId), eq(createDraft.workflow, workflow)));
  return row ? view(row) : null;
}

/**
 * Writes the draft in one statement. Between two tabs or devices the save the studio receives last
 * stays: their clocks may disagree by minutes, so their times are never compared. A tab's own saves
 * keep the order it took them in (a request held up on a slow link is not written over a later
 * one of the same tab); such a late save is refused, so the tab knows a newer copy exists.
 */
export async function saveDraft(
  db: StudioDatabase,
  userId: string,
  workflow: DraftSlug,
  input: { values: Record<string, unknown>; savedAt: number; writer?: string | undefined },
): Promise<DraftView> {
  const [row] = await db
    .insert(createDraft)
    .values({ userId, workflow, values: input.values, savedAt: input.savedAt, writer: input.writer ?? null })
    .onConflictDoUpdate({
      target: [createDraft.userId, createDraft.workflow],
      set: {
        values: sql`excluded.values`,
        savedAt: sql`excluded.saved_at`,
        writer: sql`excluded.writer`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${createDraft.writer} is distinct from excluded.writer or ${createDraft.savedAt} < excluded.saved_at`,
    })
    .returning({
      values: createDraft.values,
      savedAt: createDraft.savedAt,
      writer: createDraft.writer,
      updatedAt: createDraft.updatedAt,
    });
  if (!row) throw studioErrors.draftStale();
  return view(row);
}
