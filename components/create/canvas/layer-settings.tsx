"use client";

import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { cn } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/field";
import { Slider } from "@/components/ui/slider";
import { KIND_NAMES } from "@/lib/client/canvas/canvas-document";
import { useCanvasDocument, useCanvasStore } from "@/lib/client/canvas/canvas-store";
import { IconToggle } from "./icon-toggle";
import { PaintActions } from "./paint-actions";

const label = "font-medium text-[12px] text-muted";

/** What the selected layer has of its own: opacity, a guide's model and weight, a region's prompts. */
export function LayerSettings() {
  const doc = useCanvasDocument();
  const selectedId = useCanvasStore((s) => s.selectedId);
  const patch = useCanvasStore((s) => s.patchLayer);
  const move = useCanvasStore((s) => s.moveLayer);
  const remove = useCanvasStore((s) => s.removeLayer);
  const index = doc.layers.findIndex((l) => l.id === selectedId);
  const count = doc.layers.length;
  const layer = doc.layers[index];
  if (!layer) return <p className="text-[12px] text-muted-subtle">Select a layer to set it up.</p>;
  return (
    <section aria-label={`${layer.name} settings`} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <p className="min-w-0 truncate text-[12px] text-muted-subtle">
          {KIND_NAMES[layer.kind]}
          {layer.locked ? " · locked" : ""}
          {layer.hidden ? " · hidden" : ""}
        </p>
        <div className="flex shrink-0 items-center">
          <IconToggle on={false} label={`Move ${layer.name} up`} onPress={() => move(layer.id, 1)}>
            <ArrowUp aria-hidden className={cn(index === count - 1 && "opacity-30")} />
          </IconToggle>
          <IconToggle on={false} label={`Move ${layer.name} down`} onPress={() => move(layer.id, -1)}>
            <ArrowDown aria-hidden className={cn(index === 0 && "opacity-30")} />
          </IconToggle>
          <IconToggle on={false} label={`Delete ${layer.name}`} onPress={() => remove(layer.id)}>
            <Trash2 aria-hidden />
          </IconToggle>
        </div>
      </div>
      <PaintActions layer={layer} />
      <div className="flex flex-col gap-1.5">
        <span className={label}>Opacity {Math.round(layer.opacity * 100)}%</span>
        <Slider
          label={`${layer.name} opacity`}
          min={0}
          max={1}
          step={0.05}
          value={layer.opacity}
          onChange={(opacity) => patch(layer.id, { opacity })}
        />
      </div>
      {layer.kind === "controlGuide" ? (
        <>
          <label className="flex flex-col gap-1.5">
            <span className={label}>ControlNet model</span>
            <input
              className={inputClasses}
              value={layer.model}
              placeholder="e.g. runware:25@1"
              onChange={(e) => patch(layer.id, { model: e.target.value.trim() })}
            />
          </label>
          <div className="flex flex-col gap-1.5">
            <span className={label}>Weight {layer.weight.toFixed(2)}</span>
            <Slider
              label={`${layer.name} weight`}
              min={0}
              max={1}
              step={0.05}
              value={layer.weight}
              onChange={(weight) => patch(layer.id, { weight })}
            />
          </div>
          <p className="text-[12px] text-muted-subtle">
            Paint the lines to follow; they are sent as a scribble.
          </p>
        </>
      ) : null}
      {layer.kind === "regionalPrompt" ? (
        <>
          <label className="flex flex-col gap-1.5">
            <span className={label}>Region prompt</span>
            <textarea
              className={`${inputClasses} h-16 py-2`}
              value={layer.prompt}
              onChange={(e) => patch(layer.id, { prompt: e.target.value })}
            />
          </label>
          <label className="flex flex-col gap-1.5">
            <span className={label}>Region negative prompt</span>
            <input
              className={inputClasses}
              value={layer.negativePrompt}
              onChange={(e) => patch(layer.id, { negativePrompt: e.target.value })}
            />
          </label>
        </>
      ) : null}
    </section>
  );
}
