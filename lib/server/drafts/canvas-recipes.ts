import "server-only";
import { and, eq } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db/database";
import { canvasRecipe, task } from "@/lib/server/db/schema";
import type { CanvasRecipeView } from "@/lib/studio/api/canvas-recipes";
import { studioErrors } from "@/lib/studio/api/errors";

type Row = typeof canvasRecipe.$inferSelect;

function view(row: Row): CanvasRecipeView {
  return { taskUUID: row.taskUUID, values: row.values, createdAt: row.createdAt.toISOString() };
}

export async function readCanvasRecipe(
  db: StudioDatabase,
  taskUUID: string,
): Promise<CanvasRecipeView | null> {
  const [row] = await db.select().from(canvasRecipe).where(eq(canvasRecipe.taskUUID, taskUUID.toLowerCase()));
  return row ? view(row) : null;
}

/**
 * Keeps the canvas a task was sent from. Only the task's author keeps one (another member's task
 * answers as unknown), and only once: a recipe never changes under the results it explains, so a
 * second save (a retry, another tab) answers the one kept first.
 */
export async function saveCanvasRecipe(
  db: StudioDatabase,
  userId: string,
  taskUUID: string,
  values: Record<string, unknown>,
): Promise<CanvasRecipeView> {
  const id = taskUUID.toLowerCase();
  const [own] = await db
    .select({ taskUUID: task.taskUUID })
    .from(task)
    .where(and(eq(task.taskUUID, id), eq(task.authorId, userId)));
  if (!own) throw studioErrors.taskNotFound();
  const [row] = await db
    .insert(canvasRecipe)
    .values({ taskUUID: id, values })
    .onConflictDoNothing({ target: canvasRecipe.taskUUID })
    .returning();
  if (row) return view(row);
  const kept = await readCanvasRecipe(db, id);
  if (!kept) throw studioErrors.taskNotFound();
  return kept;
}
