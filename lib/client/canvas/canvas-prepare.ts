"use client";

import { inWords } from "../create/field-labels";
import { uploadImage } from "../create/upload";
import { imageUploadsSettled } from "../create/uploads-in-flight";
import type { CanvasDocument } from "./canvas-document";
import type { CanvasSettings } from "./canvas-persist";
import { planGeneration } from "./canvas-plan";
import { anyPainted, renderPainted, renderSeed } from "./canvas-raster";
import { useCanvasStore } from "./canvas-store";
import { canvasTask } from "./canvas-task";

export type PreparedTask =
  | { ok: true; task: Record<string, unknown>; doc: CanvasDocument; settings: CanvasSettings }
  | { ok: false; error: string };

/**
 * The task the canvas would send now: the plan made again from the canvas as it is, the seed under
 * the frame uploaded (as the Create pages upload a chosen image), masks and guides inline as PNG
 * data addresses, once the picture chosen last has landed. Generate sends it; "Vary…" runs it as an
 * experiment's grid.
 */
export async function prepareCanvasTask(): Promise<PreparedTask> {
  // A picture chosen a moment ago and still on its way is the one meant: the canvas is read after it lands.
  await imageUploadsSettled();
  const { history, settings } = useCanvasStore.getState();
  const doc = history.present;
  const plan = planGeneration(doc, settings.strength, settings);
  if (plan.problems.length > 0) return { ok: false, error: plan.problems.join(" ") };
  if (plan.kind === "inpainting" && !anyPainted(plan.masks, doc.frame))
    return {
      ok: false,
      error: "The mask is erased everywhere inside the frame: paint what should change, or hide the mask.",
    };
  try {
    let seedImage: string | undefined;
    if (plan.seed) {
      const upload = await uploadImage(await renderSeed(doc, plan.seed));
      if (!upload.ok) return { ok: false, error: upload.errors.map((e) => inWords(e.message)).join(" ") };
      seedImage = upload.image.id;
    }
    const task = canvasTask(plan, settings, {
      ...(seedImage ? { seedImage } : {}),
      ...(plan.kind === "inpainting" ? { maskImage: renderPainted(plan.masks, doc.frame) } : {}),
      guideImages: plan.guides.map((g) => renderPainted([g], doc.frame)),
    });
    return { ok: true, task, doc, settings };
  } catch {
    return { ok: false, error: "The canvas could not be drawn for sending; try again." };
  }
}
