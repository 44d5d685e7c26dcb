"use client";

import { useEffect } from "react";
import { isTyping } from "../create/shortcuts";
import { canvasAction } from "./canvas-keys";
import { isSizedTool, useCanvasStore } from "./canvas-store";
import { fitCanvasView } from "./canvas-view";

const SIZE_STEP = 1.25;

/** The canvas's keys (lib/client/canvas/canvas-keys.ts), on the whole page but not while typing. */
export function useCanvasKeys({
  onGenerate,
  items,
}: {
  onGenerate(): void;
  items: readonly { url: string }[];
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = canvasAction(e);
      if (!action) return;
      const typing = isTyping(e.target);
      if (typing && action !== "generate") return;
      // A focused button takes Enter and the arrows for itself.
      if (
        (action === "accept" || action === "previous" || action === "next") &&
        e.target instanceof HTMLButtonElement
      )
        return;
      const s = useCanvasStore.getState();
      const staged = s.staging;
      if ((action === "previous" || action === "next" || action === "accept") && !staged) return;
      e.preventDefault();
      if (action === "generate") onGenerate();
      else if (action === "undo") s.undo();
      else if (action === "redo") s.redo();
      else if (action === "fit") fitCanvasView(s.history.present);
      else if (action === "previous") s.stepStaged(-1, items.length);
      else if (action === "next") s.stepStaged(1, items.length);
      else if (action === "accept") {
        const item = items[Math.min(staged?.index ?? 0, items.length - 1)];
        if (item) s.accept(item.url);
      } else if (action === "smaller" || action === "larger") {
        if (isSizedTool(s.tool))
          s.setSize(s.tool, s.sizes[s.tool] * (action === "larger" ? SIZE_STEP : 1 / SIZE_STEP));
      } else s.setTool(action);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onGenerate, items]);
}
