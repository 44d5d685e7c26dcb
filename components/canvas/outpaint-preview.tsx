"use client";

import { useEffect, useRef } from "react";
import type { OutpaintExtents, Size } from "@/lib/client/canvas/outpaint";
import { frameSize } from "@/lib/client/canvas/outpaint";
import { previewRegions } from "@/lib/client/canvas/outpaint-layout";

/**
 * How much of the stretched edge colour each point of the new area keeps: most of it at the seam,
 * a trace at the frame's edge, so the user sees what the model will continue from without taking
 * it for finished pixels. The checkerboard underneath shows through the rest.
 */
const KEEP_AT_SEAM = 0.7;
const KEEP_AT_EDGE = 0.08;

interface OutpaintPreviewProps {
  image: HTMLImageElement | null;
  seed: Size;
  extents: OutpaintExtents;
  /** Screen pixels per image pixel. */
  scale: number;
  className?: string;
}

/**
 * The frame's pixels: the seed, and its edge rows and columns stretched into the new area and
 * fading out. Drawn in frame pixels through one transform, so the regions from
 * `previewRegions` are used as they are.
 */
export function OutpaintPreview({ image, seed, extents, scale, className }: OutpaintPreviewProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const frame = frameSize(seed, extents);
  const cssWidth = frame.width * scale;
  const cssHeight = frame.height * scale;

  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(cssWidth * ratio));
    const height = Math.max(1, Math.round(cssHeight * ratio));
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, width, height);
    if (!image || frame.width <= 0 || frame.height <= 0) return;

    ctx.setTransform(width / frame.width, 0, 0, height / frame.height, 0, 0);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = "high";
    // The seed's declared size and the decoded bitmap may differ (a resized URL): map between them.
    const sx = image.naturalWidth / seed.width;
    const sy = image.naturalHeight / seed.height;

    for (const region of previewRegions(seed, extents)) {
      const { source: s, target: t, fade } = region;
      ctx.globalCompositeOperation = "source-over";
      ctx.drawImage(
        image,
        s.x * sx,
        s.y * sy,
        Math.max(1, s.width * sx),
        Math.max(1, s.height * sy),
        t.x,
        t.y,
        t.width,
        t.height,
      );
      // Erasing through a gradient fades only this region, as regions never overlap.
      const gradient =
        fade.kind === "linear"
          ? ctx.createLinearGradient(fade.from.x, fade.from.y, fade.to.x, fade.to.y)
          : ctx.createRadialGradient(
              fade.centre.x,
              fade.centre.y,
              0,
              fade.centre.x,
              fade.centre.y,
              fade.radius,
            );
      gradient.addColorStop(0, `rgba(0, 0, 0, ${1 - KEEP_AT_SEAM})`);
      gradient.addColorStop(1, `rgba(0, 0, 0, ${1 - KEEP_AT_EDGE})`);
      ctx.globalCompositeOperation = "destination-out";
      ctx.fillStyle = gradient;
      ctx.fillRect(t.x, t.y, t.width, t.height);
    }

    ctx.globalCompositeOperation = "source-over";
    ctx.drawImage(image, extents.left, extents.top, seed.width, seed.height);
  }, [image, seed, extents, frame.width, frame.height, cssWidth, cssHeight]);

  return (
    <canvas
      ref={ref}
      className={className}
      style={{ width: cssWidth, height: cssHeight }}
      role="img"
      aria-label={`Preview: the ${seed.width} × ${seed.height} image in a ${frame.width} × ${frame.height} frame; the new area shows the image's edges stretched outward.`}
    />
  );
}
