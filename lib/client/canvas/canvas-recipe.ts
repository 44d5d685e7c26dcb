"use client";

import { z } from "zod";
import { api } from "@/lib/studio/api/addresses";
import { call, useEndpoint } from "../endpoint-client";
import type { CanvasDocument } from "./canvas-document";
import { type CanvasSettings, documentSchema, settingsSchema } from "./canvas-persist";

/**
 * A result's way back to the canvas it was made on: the document (picture, layers with their
 * strokes, frame) and the settings as they were sent, kept by the studio beside the task. Masks
 * are strokes and pictures are references, so a recipe is small; it holds no pixels.
 */
const recipeSchema = z.object({ doc: documentSchema, settings: settingsSchema });
export interface CanvasRecipe {
  doc: CanvasDocument;
  settings: CanvasSettings;
}

export function readRecipe(values: unknown): CanvasRecipe | null {
  const parsed = recipeSchema.safeParse(values);
  // The same schema the stored canvas is read with (./canvas-persist.ts).
  return parsed.success ? (parsed.data as CanvasRecipe) : null;
}

/** Keeps the canvas a task was sent from; a canvas that cannot be kept still sent its task. */
export async function keepRecipe(
  taskUUID: string,
  doc: CanvasDocument,
  settings: CanvasSettings,
): Promise<void> {
  try {
    await call(api.canvasRecipes.save, { params: { taskUUID }, body: { values: { doc, settings } } });
  } catch {
    // The results stay in the gallery; only "Open in canvas" is missing for them.
  }
}

export async function fetchRecipe(taskUUID: string): Promise<CanvasRecipe | null> {
  const { recipe } = await call(api.canvasRecipes.get, { params: { taskUUID } });
  return recipe ? readRecipe(recipe.values) : null;
}

/** Whether a task came from the canvas (so its result offers "Open in canvas"). */
export function useHasCanvasRecipe(taskUUID: string): boolean {
  const { data } = useEndpoint(api.canvasRecipes.get, { params: { taskUUID } }, { staleTime: Infinity });
  return Boolean(data?.recipe && readRecipe(data.recipe.values));
}

/** The canvas as it was when it sent this result's task, with the result staged over the frame. */
export function canvasRecallHref(item: { taskUUID: string; id: string }): string {
  return `/create/canvas?${new URLSearchParams({ recipe: item.taskUUID, result: item.id }).toString()}`;
}
