import "server-only";
import { eq } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db/database";
import { createSetup, user } from "@/lib/server/db/schema";
import type { DraftSlug, SetupView } from "@/lib/studio/api/drafts";
import { studioErrors } from "@/lib/studio/api/errors";

type Row = typeof createSetup.$inferSelect & { authorName: string | null };

function view(row: Row): SetupView {
  return {
    id: row.id,
    workflow: row.workflow as DraftSlug,
    values: row.values,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Freezes a form's state: later edits to the author's draft do not change what the link opens. */
export async function createSetupLink(
  db: StudioDatabase,
  author: { id: string; name: string },
  input: { workflow: DraftSlug; values: Record<string, unknown> },
): Promise<SetupView> {
  const [row] = await db
    .insert(createSetup)
    .values({ workflow: input.workflow, values: input.values, createdBy: author.id })
    .returning();
  if (!row) throw new Error("the setup was not recorded");
  return view({ ...row, authorName: author.name });
}

/** A setup by id, for any member of the team (route() has checked the caller is one). */
export async function readSetup(db: StudioDatabase, id: string): Promise<SetupView> {
  const [row] = await db
    .select({ setup: createSetup, authorName: user.name })
    .from(createSetup)
    .leftJoin(user, eq(user.id, createSetup.createdBy))
    .where(eq(createSetup.id, id));
  if (!row) throw studioErrors.setupNotFound();
  return view({ ...row.setup, authorName: row.authorName });
}
