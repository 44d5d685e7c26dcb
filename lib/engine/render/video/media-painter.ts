import sharp from "@/lib/platform/sharp";
import { type CameraState, ease } from "./camera";
import { createFrame, type Frame, lerpBuffers, packBytes, zoomInto } from "./raster";

/**
 * Image-to-video: the first frame is the first image exactly, the last frame (when given) the
 * last image exactly, and in between the camera moves through them while one dissolves into the
 * other. The first image's camera eases out of rest (a push-in, or the prompt's pan/tilt); the
 * last image's camera eases into rest on its own framing, so the shot lands on it.
 */

export async function loadStill(image: Buffer, width: number, height: number): Promise<Frame> {
  const raw = await sharp(image).resize(width, height, { fit: "cover" }).removeAlpha().raw().toBuffer();
  const f = createFrame(width, height);
  packBytes(raw, 3, f.px);
  return f;
}

/** Zoom and look-at point for a still, given the shot's camera and how far it is from rest. */
function framing(cam: CameraState, rest: number, w: number, h: number) {
  // Pans and tilts need room: zoom in a little so the view can travel inside the image.
  const travelX = Math.max(-1, Math.min(1, cam.x / (w * 0.25)));
  const travelY = Math.max(-1, Math.min(1, cam.y / (h * 0.1)));
  const scale = 1 + (cam.scale - 1 + Math.abs(travelX) * 0.14 + Math.abs(travelY) * 0.1) * rest;
  const roomX = (w / 2) * (1 - 1 / scale);
  const roomY = (h / 2) * (1 - 1 / scale);
  return { scale, cx: w / 2 + travelX * roomX, cy: h / 2 + travelY * roomY };
}

export class StillsPainter {
  private readonly a: Frame;
  private readonly b: Frame;
  private readonly xs: Int32Array;

  constructor(
    private readonly first: Frame,
    private readonly last: Frame | undefined,
  ) {
    this.a = createFrame(first.width, first.height);
    this.b = createFrame(first.width, first.height);
    this.xs = new Int32Array(first.width);
  }

  /** Weight (0-256) of the last image at moment t: a dissolve across the middle 40 % of the shot. */
  dissolve(t: number): number {
    return this.last ? Math.round(ease((t - 0.3) / 0.4) * 256) : 0;
  }

  /**
   * Paints moment t into `out`. `camA` is the shot's camera at t (it starts at rest); the last
   * image gets the same move run backwards, so it ends at rest.
   */
  paint(out: Frame, t: number, camA: CameraState, camB: CameraState): void {
    const { width: w, height: h } = out;
    const mix = this.dissolve(t);
    if (mix < 256) {
      const fa = framing(camA, 1, w, h);
      zoomInto(mix === 0 ? out : this.a, this.first, fa.scale, fa.cx, fa.cy, this.xs);
    }
    if (this.last && mix > 0) {
      const fb = framing(camB, 1, w, h);
      zoomInto(mix === 256 ? out : this.b, this.last, fb.scale, fb.cx, fb.cy, this.xs);
      if (mix < 256) lerpBuffers(out.px, this.a.px, this.b.px, mix);
    }
  }
}
