import { route } from "@/lib/server/api/route";
import { readCanvasRecipe, saveCanvasRecipe } from "@/lib/server/drafts/canvas-recipes";
import { api } from "@/lib/studio/api";

export const GET = route(api.canvasRecipes.get, async ({ db, params }) => ({
  recipe: await readCanvasRecipe(db, params.taskUUID),
}));

export const PUT = route(api.canvasRecipes.save, async ({ db, user, params, body }) => ({
  recipe: await saveCanvasRecipe(db, user.id, params.taskUUID, body.values),
}));
