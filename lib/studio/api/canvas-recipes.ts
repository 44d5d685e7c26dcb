import { z } from "zod";
import { DRAFT_LIMIT_BYTES, formValues } from "./drafts";
import { resource, uuid } from "./endpoint";

/**
 * A canvas's recipe: the canvas as it was when it sent a task, kept beside the task so a result
 * made on the canvas reopens the canvas it came from (its layers, frame and settings).
 */

const taskParams = z.object({ taskUUID: uuid().meta({ description: "The task the canvas sent." }) });

export const canvasRecipeViewSchema = z.object({
  taskUUID: z.string(),
  values: formValues,
  createdAt: z.string(),
});
export type CanvasRecipeView = z.infer<typeof canvasRecipeViewSchema>;

export const canvasRecipes = resource("canvasRecipes", {
  get: {
    method: "GET",
    path: "/api/canvas-recipes/{taskUUID}",
    summary: "The canvas a task was sent from, or null when the task did not come from the canvas.",
    access: "view",
    params: taskParams,
    response: z.object({ recipe: canvasRecipeViewSchema.nullable() }),
  },
  save: {
    method: "PUT",
    path: "/api/canvas-recipes/{taskUUID}",
    summary: "Keeps the canvas a task of the member's own was sent from.",
    description:
      "Written once: the first recipe kept for a task stays, and a second answers the first. Only the task's author may keep one.",
    access: "generate",
    params: taskParams,
    body: z.object({ values: formValues }),
    bodyLimit: DRAFT_LIMIT_BYTES,
    response: z.object({ recipe: canvasRecipeViewSchema }),
    errors: ["taskNotFound"],
    invalidates: ["canvasRecipes"],
  },
});
