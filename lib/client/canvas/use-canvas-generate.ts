"use client";

import { useCallback, useState } from "react";
import { inWords } from "../create/field-labels";
import { useGenerate } from "../create/use-generate";
import { useVersionTarget, versionKeys } from "../create/version-target";
import { prepareCanvasTask } from "./canvas-prepare";
import { keepRecipe } from "./canvas-recipe";
import { useCanvasStore } from "./canvas-store";

/**
 * Generate on the canvas: the task the canvas would send now (./canvas-prepare.ts), through the
 * one submit road (`POST /api/tasks`). The task's results are staged over the frame they were
 * made for.
 */
export function useCanvasGenerate() {
  const { generate, pending } = useGenerate("canvas");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = useCallback(async () => {
    setError(null);
    setBusy(true);
    try {
      const prepared = await prepareCanvasTask();
      if (!prepared.ok) {
        setError(prepared.error);
        return;
      }
      const { task, doc, settings } = prepared;
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
        useCanvasStore.getState().stage(uuid, doc.frame);
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
