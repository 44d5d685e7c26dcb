"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { api } from "@/lib/studio/api/addresses";
import { imageRefQuery } from "../create/tools";
import { useVersionTarget, versionTargetOf } from "../create/version-target";
import { call } from "../endpoint-client";
import { canvasStorageKey, SHARED_CANVAS_KEY } from "./canvas-persist";
import { type CanvasPreset, isCanvasPreset } from "./canvas-preset";
import { fetchRecipe } from "./canvas-recipe";
import { installCanvasSync } from "./canvas-remote";
import { settingsFromSetup, setupNotice } from "./canvas-setup";
import { DEFAULT_SETTINGS, useCanvasStore } from "./canvas-store";
import { fitCanvasView } from "./canvas-view";
import { recallIntoCanvas } from "./recall-into-canvas";

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

/** The pages that are the canvas: a setup shared from any of them opens on any of them. */
const CANVAS_SETUPS: readonly string[] = ["canvas", "inpainting", "outpainting"];

/** Opens a teammate's setup (`?setup=`) in place of the member's settings, which are set aside. */
async function openSetup(id: string): Promise<{ notice: string | null } | { problem: string }> {
  const setup = await call(api.setups.get, { params: { id } })
    .then((r) => r.setup)
    .catch(() => null);
  if (!setup) return { problem: "That setup link could not be opened; the canvas kept your settings." };
  if (!CANVAS_SETUPS.includes(setup.workflow))
    return { problem: "That link is for another workflow; the canvas kept your settings." };
  const { settings, dropped } = settingsFromSetup(setup.values, DEFAULT_SETTINGS);
  if (dropped.includes("the whole setup")) return { problem: setupNotice(setup.authorName, dropped) ?? "" };
  useCanvasStore.getState().openSetup(settings, setup.authorName);
  return { notice: setupNotice(setup.authorName, dropped) };
}

/** Points the canvas at the signed-in member's own copy on this browser, before it is first read. */
function keepFor(memberId: string | null): string {
  const name = canvasStorageKey(memberId ?? "nobody");
  if (useCanvasStore.persist.getOptions().name !== name) useCanvasStore.persist.setOptions({ name });
  // The one key all members once shared: whose canvas it holds is unknown, so nobody opens it
  // (each member's own copy is also kept by the studio and comes back from there).
  localStorage.removeItem(SHARED_CANVAS_KEY);
  return name;
}

/**
 * Reads the kept canvas: this browser's copy at once, then the studio's when it is newer (another
 * tab or device painted since), and again whenever the tab comes back into view. Then takes what
 * the page was opened with: a result's canvas (`?recipe=&result=`) or a picture (`?input=`), and
 * the job it is set up for (`?preset=`, or the page's own: Inpainting and Outpainting are the
 * canvas set up for them). A recalled task (`?recall=&use=&seed=`, as the gallery's Recall links
 * to the workflow that made it) opens with its picture, mask or extents, and settings. A teammate's
 * setup (`?setup=`) opens its settings over the member's; `?versionOf=` makes the next task sent
 * a new version of that item.
 */
export function useCanvasStart(
  memberId: string | null,
  pagePreset: CanvasPreset | null = null,
): { ready: boolean; problem: StartProblem; notice: string | null; preset: CanvasPreset | null } {
  const search = useSearchParams();
  const client = useQueryClient();
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<StartProblem>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [preset, setPreset] = useState<CanvasPreset | null>(pagePreset);
  useEffect(() => {
    const name = keepFor(memberId);
    const sync = installCanvasSync();
    const pull = async () => {
      if (await sync.pull(name).catch(() => false)) await rereadKept();
    };
    void (async () => {
      await useCanvasStore.persist.rehydrate();
      await useVersionTarget.persist.rehydrate();
      const setup = search.get("setup");
      if (setup) {
        const opened = await openSetup(setup);
        if ("problem" in opened) setProblem(opened.problem);
        else setNotice(opened.notice);
      }
      const recipe = search.get("recipe");
      const input = search.get("input");
      const recall = search.get("recall");
      if (recall) {
        const outcome = await recallIntoCanvas(client, recall, search.get("use"), search.get("seed"));
        if (outcome.ok) setNotice(outcome.notice);
        else setProblem(outcome.problem);
      } else if (recipe) {
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
      // "New version": what the canvas sends next becomes the next version of this item; said
      // once the canvas holds the item's recipe, so nothing typed before then is replaced.
      const target = versionTargetOf(search);
      if (target) useVersionTarget.getState().setTarget("canvas", target);
      // `?preset=inpaint|outpaint`: the canvas set up for one job, now and for the next picture.
      const asked = search.get("preset");
      const job = isCanvasPreset(asked) ? asked : pagePreset;
      if (job) {
        setPreset(job);
        useCanvasStore.getState().applyPreset(job);
      }
      // The address keeps the page (a bookmark of Inpainting stays Inpainting), not what it opened.
      if (search.size > 0) window.history.replaceState(window.history.state, "", window.location.pathname);
      setReady(true);
      await pull();
    })();
    const onVisible = () => {
      if (document.visibilityState === "visible") void pull();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [search, client, memberId, pagePreset]);
  return { ready, problem, notice, preset };
}
