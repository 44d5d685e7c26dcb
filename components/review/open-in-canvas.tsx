"use client";

import { Layers2 } from "lucide-react";
import { ButtonLink } from "@/components/ui/button";
import { canvasRecallHref, useHasCanvasRecipe } from "@/lib/client/canvas/canvas-recipe";

/** For a result made on the canvas: the canvas as it was when sent, with this result staged. */
export function OpenInCanvas({ item }: { item: { id: string; taskUUID: string } }) {
  if (!useHasCanvasRecipe(item.taskUUID)) return null;
  return (
    <ButtonLink
      href={canvasRecallHref(item)}
      variant="secondary"
      size="sm"
      aria-label="Open in canvas"
      title="Open in canvas: its layers, frame and prompt as they were, with this result staged"
    >
      <Layers2 aria-hidden />
      {/* Words on wide screens; on a laptop the icon leaves the prompt room to be read. */}
      <span className="hidden 2xl:inline">Open in canvas</span>
    </ButtonLink>
  );
}
