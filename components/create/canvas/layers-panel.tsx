"use client";

import { Eye, EyeOff, Image as ImageIcon, Lock, LockOpen, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { KIND_NAMES, type Layer, type LayerKind } from "@/lib/client/canvas/canvas-document";
import { useCanvasDocument, useCanvasStore } from "@/lib/client/canvas/canvas-store";
import { IconToggle } from "./icon-toggle";
import { LAYER_COLOURS } from "./layer-colours";
import { LoadMaskButton } from "./paint-actions";

const ADDABLE: readonly Exclude<LayerKind, "image">[] = ["inpaintMask", "controlGuide", "regionalPrompt"];

function LayerRow({ layer }: { layer: Layer }) {
  const selected = useCanvasStore((s) => s.selectedId === layer.id);
  const { select, patchLayer } = useCanvasStore.getState();
  return (
    <li
      data-testid="canvas-layer"
      data-layer-kind={layer.kind}
      data-hidden={layer.hidden}
      data-locked={layer.locked}
      className={cn(
        "flex items-center gap-1 rounded-control border px-2 py-1.5",
        selected ? "border-accent/60 bg-accent/10" : "border-transparent hover:bg-panel-hover",
      )}
    >
      <span
        aria-hidden
        className="size-2.5 shrink-0 rounded-full"
        style={{ background: LAYER_COLOURS[layer.kind] }}
      />
      <button
        type="button"
        aria-current={selected || undefined}
        onClick={() => select(layer.id)}
        className={cn(
          "min-w-0 flex-1 truncate rounded px-1 text-left text-[13px] text-foreground",
          focusRing,
        )}
        title={`${layer.name} (${KIND_NAMES[layer.kind]})`}
      >
        {layer.name}
      </button>
      <IconToggle
        on={layer.hidden}
        label={layer.hidden ? `Show ${layer.name}` : `Hide ${layer.name}`}
        onPress={() => patchLayer(layer.id, { hidden: !layer.hidden })}
      >
        {layer.hidden ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
      </IconToggle>
      <IconToggle
        on={layer.locked}
        label={layer.locked ? `Unlock ${layer.name}` : `Lock ${layer.name}`}
        onPress={() => patchLayer(layer.id, { locked: !layer.locked })}
      >
        {layer.locked ? <Lock aria-hidden /> : <LockOpen aria-hidden />}
      </IconToggle>
    </li>
  );
}

/** The layers, top first as every paint program lists them, over the picture they sit on. */
export function LayersPanel() {
  const doc = useCanvasDocument();
  const addLayer = useCanvasStore((s) => s.addLayer);
  return (
    <section aria-labelledby="layers-heading" className="flex flex-col gap-2">
      <h2 id="layers-heading" className="font-semibold text-[13px] text-foreground">
        Layers
      </h2>
      <ul aria-label="Layers, top first" className="flex flex-col gap-0.5">
        {[...doc.layers].reverse().map((layer) => (
          <LayerRow key={layer.id} layer={layer} />
        ))}
        <li className="flex items-center gap-2 px-2 py-1.5 text-[13px] text-muted">
          <ImageIcon aria-hidden className="size-3.5" />
          {doc.picture ? `Picture, ${doc.picture.width} × ${doc.picture.height}` : "No picture yet"}
        </li>
      </ul>
      <div className="flex flex-wrap gap-1.5">
        {ADDABLE.map((kind) => (
          <Button key={kind} size="sm" variant="secondary" onClick={() => addLayer(kind)}>
            <Plus aria-hidden />
            {KIND_NAMES[kind]}
          </Button>
        ))}
        <LoadMaskButton />
      </div>
    </section>
  );
}
