"use client";

import type { QueryClient } from "@tanstack/react-query";
import { recallValues } from "../create/recall";
import { isRecallPart } from "../create/recall-links";
import { recallNotice, restoreMedia } from "../create/recall-media";
import { recallMediaDeps } from "../create/recall-media-deps";
import { recallTaskQuery } from "../create/recall-prefetch";
import { imageRefQuery } from "../create/tools";
import { newId } from "../new-id";
import { recalledDocument, recalledExtents, recalledSettings } from "./canvas-recall";
import { fetchRecipe } from "./canvas-recipe";
import { useCanvasStore } from "./canvas-store";
import { fitCanvasView } from "./canvas-view";
import { maskRect, regionFromImage } from "./mask-gallery";

export type RecallOutcome = { ok: true; notice: string } | { ok: false; problem: string };

const GONE = "That past task could not be opened; the canvas is as you left it.";

/**
 * Opens a recorded task on the canvas. A task sent from the canvas reopens the canvas it was sent
 * from (its layers and frame, exactly); any other takes its source image as the picture, its mask
 * as an inpaint mask and its extents as the frame. "prompt" takes the prompts alone.
 */
export async function recallIntoCanvas(
  client: QueryClient,
  taskUUID: string,
  use: string | null,
  seed: string | null,
): Promise<RecallOutcome> {
  const part = isRecallPart(use) ? use : "all";
  const task = await client.fetchQuery(recallTaskQuery(taskUUID)).catch(() => null);
  if (!task) return { ok: false, problem: GONE };
  const media = await restoreMedia(task.params, recallMediaDeps(client));
  const values = recallValues(media.params, part, seed);
  const store = useCanvasStore.getState();
  const settings = recalledSettings(values, store.settings);
  if (part !== "all") {
    store.setSettings(settings);
    return { ok: true, notice: recallNotice(part, media.lost) };
  }
  const recipe = await fetchRecipe(taskUUID).catch(() => null);
  if (recipe) {
    // A result's own seed, when the link named one, over the task's (each image of a batch has its own).
    const again = { ...recipe.settings, numberResults: settings.numberResults };
    store.openRecipe(recipe.doc, seed ? { ...again, seed: settings.seed } : again, null);
    fitCanvasView(recipe.doc);
    return { ok: true, notice: recallNotice(part, []) };
  }
  const seedId = typeof values.seedImage === "string" ? values.seedImage : null;
  const image = seedId ? await client.fetchQuery(imageRefQuery(seedId)).catch(() => null) : null;
  if (!image) {
    store.setSettings(settings);
    const lost = [...media.lost, ...(seedId ? ["the source image: the studio does not have it"] : [])];
    return { ok: true, notice: recallNotice(part, [...new Set(lost)]) };
  }
  const picture = { id: image.id, url: image.url, width: image.width, height: image.height };
  const maskUrl = typeof values.maskImage === "string" && values.maskImage ? values.maskImage : null;
  const lost = [...media.lost];
  let mask: Parameters<typeof recalledDocument>[2] = null;
  if (maskUrl) {
    const url = maskUrl.startsWith("data:")
      ? maskUrl
      : ((await client.fetchQuery(imageRefQuery(maskUrl)).catch(() => null))?.url ?? null);
    const op = url
      ? await regionFromImage(
          url,
          maskRect({
            picture,
            layers: [],
            frame: { x: 0, y: 0, width: picture.width, height: picture.height },
          }),
        ).catch(() => null)
      : null;
    if (op) mask = { op, id: newId() };
    else lost.push("the mask: it could not be read");
  }
  const doc = recalledDocument(picture, recalledExtents(values), mask);
  store.openRecipe(doc, settings, null);
  if (mask) useCanvasStore.setState({ selectedId: mask.id, tool: "brush" });
  fitCanvasView(doc);
  return { ok: true, notice: recallNotice(part, [...new Set(lost)]) };
}
