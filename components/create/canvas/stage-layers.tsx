"use client";

import type Konva from "konva";
import { memo, useEffect, useMemo, useRef, useState } from "react";
import { Image as KonvaImage, Layer, Line, Rect } from "react-konva";
import type { Layer as CanvasLayer, LayerOp, Picture, Stroke } from "@/lib/client/canvas/canvas-document";
import { loadImage, regionCanvas } from "@/lib/client/canvas/canvas-raster";
import { isShape } from "@/lib/client/canvas/paint-ops";
import { strokeOutline } from "@/lib/client/canvas/stroke-outline";
import { LAYER_COLOURS } from "./layer-colours";

/** An image element once decoded (null before, or if it cannot be). */
export function useLoadedImage(url: string | null): HTMLImageElement | null {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    let live = true;
    setImage(null);
    if (url)
      loadImage(url).then(
        (i) => live && setImage(i),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [url]);
  return image;
}

const outlines = new WeakMap<Stroke, number[]>();

/** A kept stroke's outline is computed once: strokes never change after they are made. */
function outlineOf(stroke: Stroke): number[] {
  let outline = outlines.get(stroke);
  if (!outline) {
    outline = strokeOutline(stroke);
    outlines.set(stroke, outline);
  }
  return outline;
}

function StrokeShape({ stroke, colour, outline }: { stroke: Stroke; colour: string; outline: number[] }) {
  return (
    <Line
      points={outline}
      closed
      fill={colour}
      globalCompositeOperation={stroke.mode === "erase" ? "destination-out" : "source-over"}
      listening={false}
      perfectDrawEnabled={false}
    />
  );
}

/** A layer entry as Konva draws it: a brush stroke's outline, a lasso's polygon, a filled region. */
function OpShape({ op, colour }: { op: LayerOp; colour: string }) {
  const composite = op.mode === "erase" ? "destination-out" : "source-over";
  if (!isShape(op)) return <StrokeShape stroke={op} colour={colour} outline={outlineOf(op)} />;
  if (op.shape === "polygon")
    return (
      <Line
        points={op.points}
        closed
        fill={colour}
        globalCompositeOperation={composite}
        listening={false}
        perfectDrawEnabled={false}
      />
    );
  return (
    <KonvaImage
      image={regionCanvas(op, colour)}
      {...op.rect}
      globalCompositeOperation={composite}
      listening={false}
      perfectDrawEnabled={false}
    />
  );
}

/** The picture at the canvas's origin, over a plain ground that shows where it ends. */
export function PictureLayer({ picture }: { picture: Picture | null }) {
  const image = useLoadedImage(picture?.url ?? null);
  return (
    <Layer listening={false}>
      {picture ? <Rect width={picture.width} height={picture.height} fill="#1f2430" /> : null}
      {picture && image ? <KonvaImage image={image} width={picture.width} height={picture.height} /> : null}
    </Layer>
  );
}

function ImageContent({
  src,
  rect,
}: {
  src: string;
  rect: { x: number; y: number; width: number; height: number };
}) {
  const image = useLoadedImage(src);
  return image ? <KonvaImage image={image} {...rect} /> : null;
}

/** One canvas layer as its own Konva layer, so an eraser cuts only into it. */
export const DocLayer = memo(function DocLayer({ layer, live }: { layer: CanvasLayer; live: Stroke | null }) {
  const colour = LAYER_COLOURS[layer.kind];
  const liveOutline = useMemo(() => (live ? strokeOutline(live) : null), [live]);
  const own = useRef<Konva.Layer>(null);
  // The layer fades as a whole on screen rather than through Konva's opacity, which Konva passes to
  // each shape: an eraser then cut only that share of the paint and left a faint rim behind.
  useEffect(() => {
    const element = own.current?.getNativeCanvasElement();
    if (element) element.style.opacity = String(layer.opacity);
  }, [layer.opacity]);
  return (
    <Layer ref={own} visible={!layer.hidden} listening={false}>
      {layer.kind === "image" ? <ImageContent src={layer.src} rect={layer.rect} /> : null}
      {layer.strokes.map((op, i) => (
        // Entries are only ever appended or all replaced (undo, clear), so the index names one.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <OpShape key={i} op={op} colour={colour} />
      ))}
      {live && liveOutline ? <StrokeShape stroke={live} colour={colour} outline={liveOutline} /> : null}
    </Layer>
  );
});
