"use client";

import { cn } from "@/components/ui/cn";
import type { OutpaintExtents, Size } from "@/lib/client/canvas/outpaint";
import { seamBands } from "@/lib/client/canvas/outpaint-layout";
import { OutpaintPreview } from "./outpaint-preview";

/** A subtle checkerboard: the usual sign of "no pixels here yet". */
const CHECKERBOARD = {
  backgroundImage: "repeating-conic-gradient(rgb(255 255 255 / 0.05) 0 25%, transparent 0 50%)",
  backgroundSize: "16px 16px",
};

/** A seam narrower than this on screen would vanish at small scales. */
const MIN_SEAM_CSS = 2;

interface OutpaintFrameProps {
  /** The frame on the stage, in CSS pixels. */
  box: { x: number; y: number; width: number; height: number };
  seed: Size;
  extents: OutpaintExtents;
  /** Screen pixels per image pixel. */
  scale: number;
  blur: number;
  /** The decoded seed; until then its area is a plain panel. */
  image: HTMLImageElement | null;
}

/**
 * The new frame: the preview of its pixels, the seed's outline, the blur's soft seams and the
 * frame's dashed edge. Only pictures: the handles sit above it on the stage.
 */
export function OutpaintFrame({ box, seed, extents, scale, blur, image }: OutpaintFrameProps) {
  return (
    <div
      className="absolute overflow-hidden bg-panel-raised"
      style={{ left: box.x, top: box.y, width: box.width, height: box.height, ...CHECKERBOARD }}
    >
      <OutpaintPreview
        image={image}
        seed={seed}
        extents={extents}
        scale={scale}
        className="absolute inset-0"
      />
      <div
        aria-hidden
        className={cn("absolute border border-white/35", image === null && "bg-panel-hover")}
        style={{
          left: extents.left * scale,
          top: extents.top * scale,
          width: seed.width * scale,
          height: seed.height * scale,
        }}
      />
      {seamBands(seed, extents, blur).map((band) => {
        const across = band.side === "top" || band.side === "bottom" ? "height" : "width";
        const size = Math.max(MIN_SEAM_CSS, band[across] * scale);
        const centre = across === "height" ? band.y + band.height / 2 : band.x + band.width / 2;
        return (
          <div
            key={band.side}
            aria-hidden
            data-testid={`outpaint-seam-${band.side}`}
            className={cn(
              "pointer-events-none absolute from-transparent via-accent-fg/45 to-transparent",
              across === "height" ? "bg-linear-to-b" : "bg-linear-to-r",
            )}
            style={
              across === "height"
                ? {
                    left: band.x * scale,
                    width: band.width * scale,
                    top: centre * scale - size / 2,
                    height: size,
                  }
                : {
                    top: band.y * scale,
                    height: band.height * scale,
                    left: centre * scale - size / 2,
                    width: size,
                  }
            }
          />
        );
      })}
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 border border-accent/70 border-dashed"
      />
    </div>
  );
}
