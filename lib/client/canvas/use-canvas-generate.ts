"use client";

import { useCallback, useState } from "react";
import { inWords } from "../create/field-labels";
import { uploadImage } from "../create/upload";
import { useGenerate } from "../create/use-generate";
import { useVersionTarget, versionKeys } from "../create/version-target";
import { planGeneration } from "./canvas-plan";
import { anyPainted, renderPainted, renderSeed } from "./canvas-raster";
import { keepRecipe } from "./canvas-recipe";
import { useCanvasStore } from "./canvas-store";
import { canvasTask } from "./canvas-task";

/**
 * Generate on the canvas: the plan made again from the canvas as it is now, the seed under the
 * frame uploaded (as the Create pages upload a chosen image), masks and guides inline as PNG data
 * addresses, then the one submit road (`POST /api/tasks`). The task's results
 * are staged over the frame they were made for.
 */
export function useCanvasGenerate() {
  const { generate, pending } = useGenerate("canvas");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = useCallback(async () => {
    const { history, settings, stage } = useCanvasStore.getState();
    const doc = history.present;
    const plan = planGeneration(doc, settings.strength, settings);
    if (plan.problems.length > 0) {
      setError(plan.problems.join(" "));
      return;
    }
    if (plan.kind === "inpainting" && !anyPainted(plan.masks, doc.frame)) {
      setError("The mask is erased everywhere inside the frame: paint what should change, or hide the mask.");
      return;
    }
    setError(null);
    setBusy(true);
    try {
      let seedImage: string | undefined;
      if (plan.seed) {
        const upload = await uploadImage(await renderSeed(doc, plan.seed));
        if (!upload.ok) {
          setError(upload.errors.map((e) => inWords(e.message)).join(" "));
          return;
        }
        seedImage = upload.image.id;
      }
      const task = canvasTask(plan, settings, {
        ...(seedImage ? { seedImage } : {}),
        ...(plan.kind === "inpainting" ? { maskImage: renderPainted(plan.masks, doc.frame) } : {}),
        guideImages: plan.guides.map((g) => renderPainted([g], doc.frame)),
      });
      // "New version": this task's results become the next version of the item it was opened from.
      const target = useVersionTarget.getState().targets.canvas;
      const outcome = await generate([{ ...task, ...versionKeys(target) }]);
      if (!outcome.ok) {
        setError(outcome.errors.map((e) => inWords(e.message)).join(" "));
        return;
      }
      if (target) useVersionTarget.getState().clearTarget("canvas");
      const uuid = outcome.taskUUIDs[0];
      if (uuid) {
        stage(uuid, doc.frame);
        // The canvas as sent, not as it is by the time the answer comes back.
        void keepRecipe(uuid, doc, settings);
      }
    } catch {
      setError("The canvas could not be drawn for sending; try again.");
    } finally {
      setBusy(false);
    }
  }, [generate]);

  return { send, pending: pending || busy, error };
}
