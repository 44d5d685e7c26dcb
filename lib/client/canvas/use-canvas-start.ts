"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { api } from "@/lib/studio/api";
import { imageRefQuery } from "../create/tools";
import { call } from "../endpoint-client";
import { CANVAS_STORAGE_KEY } from "./canvas-persist";
import { type CanvasPreset, isCanvasPreset } from "./canvas-preset";
import { fetchRecipe } from "./canvas-recipe";
import { installCanvasSync } from "./canvas-remote";
import { useCanvasStore } from "./canvas-store";
import { fitCanvasView } from "./canvas-view";

async function rereadKept(): Promise<void> {
  await useCanvasStore.persist.rehydrate();
  fitCanvasView(useCanvasStore.getState().history.present);
}

/** Opens the canvas a result was made on, with that result staged; false when there is none. */
async function openRecipe(taskUUID: string, itemId: string | null): Promise<boolean> {
  const recipe = await fetchRecipe(taskUUID);
  if (!recipe) return false;
  const task = await call(api.tasks.get, { params: { taskUUID } }).catch(() => null);
  const index = Math.max(0, task?.items.findIndex((i) => i.id === itemId) ?? 0);
  useCanvasStore
    .getState()
    .openRecipe(recipe.doc, recipe.settings, { taskUUID, frame: recipe.doc.frame, index });
  return true;
}

export type StartProblem = string | null;

/**
 * Reads the kept canvas: this browser's copy at once, then the studio's when it is newer (another
 * tab or device painted since), and again whenever the tab comes back into view. Then takes what
 * the page was opened with: a result's canvas (`?recipe=&result=`) or a picture (`?input=`), and
 * the job it is set up for (`?preset=`).
 */
export function useCanvasStart(): { ready: boolean; problem: StartProblem; preset: CanvasPreset | null } {
  const search = useSearchParams();
  const client = useQueryClient();
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<StartProblem>(null);
  const [preset, setPreset] = useState<CanvasPreset | null>(null);
  useEffect(() => {
    const sync = installCanvasSync();
    sync.onNewer(() => void rereadKept());
    const pull = async () => {
      if (await sync.pull(CANVAS_STORAGE_KEY).catch(() => false)) await rereadKept();
    };
    void (async () => {
      await useCanvasStore.persist.rehydrate();
      const recipe = search.get("recipe");
      const input = search.get("input");
      if (recipe) {
        const opened = await openRecipe(recipe, search.get("result")).catch(() => false);
        if (!opened)
          setProblem("The canvas this result was made on could not be opened; yours is as you left it.");
      } else if (input) {
        try {
          const image = await client.fetchQuery(imageRefQuery(input));
          if (useCanvasStore.getState().history.present.picture?.id !== image.id) {
            const { id, url, width, height } = image;
            useCanvasStore.getState().setPicture({ id, url, width, height });
          }
        } catch {
          // The kept canvas stays; the picture field says nothing is there to open.
        }
      }
      // `?preset=inpaint|outpaint`: the canvas set up for one job, now and for the next picture.
      const asked = search.get("preset");
      if (isCanvasPreset(asked)) {
        setPreset(asked);
        useCanvasStore.getState().applyPreset(asked);
      }
      if (recipe || input || asked) window.history.replaceState(window.history.state, "", "/create/canvas");
      setReady(true);
      await pull();
    })();
    const onVisible = () => {
      if (document.visibilityState === "visible") void pull();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [search, client]);
  return { ready, problem, preset };
}
