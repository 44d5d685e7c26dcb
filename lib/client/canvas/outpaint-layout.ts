/**
 * Where the outpainting frame sits on screen and what the preview paints into the new area.
 * Screen sizes are CSS pixels; image sizes are the seed's pixels; `scale` converts the second
 * into the first.
 */
import { frameSize, type OutpaintExtents, type OutpaintSide, type Size } from "./outpaint";

/**
 * Room kept around the frame, as a share of the stage on each side: dragging outward then shows
 * the frame growing before the pointer leaves the stage.
 */
export const STAGE_ROOM = 0.12;
/** At least this many CSS pixels around the frame, so the handles and the size label fit. */
export const STAGE_ROOM_MIN = 28;
/** Small seeds are enlarged at most this much: past it the pixels look like blocks. */
export const MAX_SCALE = 2;

export interface FrameLayout {
  /** Screen pixels per image pixel. */
  scale: number;
  /** The frame's top-left corner in the stage, in screen pixels. */
  x: number;
  y: number;
}

/** The largest scale that fits `frame` in `stage` with room around it, centred. */
export function fitFrame(stage: Size, frame: Size): FrameLayout {
  const roomX = Math.max(STAGE_ROOM_MIN, stage.width * STAGE_ROOM);
  const roomY = Math.max(STAGE_ROOM_MIN, stage.height * STAGE_ROOM);
  const fitW = (stage.width - 2 * roomX) / Math.max(1, frame.width);
  const fitH = (stage.height - 2 * roomY) / Math.max(1, frame.height);
  const scale = Math.max(0, Math.min(fitW, fitH, MAX_SCALE));
  return {
    scale,
    x: (stage.width - frame.width * scale) / 2,
    y: (stage.height - frame.height * scale) / 2,
  };
}

/** Where the seed's top-left corner sits on the stage, and at what scale. */
export interface SeedPlacement {
  scale: number;
  seedX: number;
  seedY: number;
}

/**
 * The seed's place on the stage. Normally the frame is fitted and centred; during a drag the
 * placement from the drag's start is `held`, so the seed stays still and the dragged handle
 * follows the pointer. Once the held frame would leave the stage it is fitted again instead:
 * the handle then trails the pointer, but the whole frame stays in view.
 */
export function placeSeed(
  stage: Size,
  seed: Size,
  extents: OutpaintExtents,
  held: SeedPlacement | null,
): SeedPlacement {
  const frame = frameSize(seed, extents);
  if (held) {
    const x = held.seedX - extents.left * held.scale;
    const y = held.seedY - extents.top * held.scale;
    const fits =
      x >= 0 &&
      y >= 0 &&
      x + frame.width * held.scale <= stage.width &&
      y + frame.height * held.scale <= stage.height;
    if (fits) return held;
  }
  const fit = fitFrame(stage, frame);
  return {
    scale: fit.scale,
    seedX: fit.x + extents.left * fit.scale,
    seedY: fit.y + extents.top * fit.scale,
  };
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * One piece of the preview: the seed's edge pixels (`source`, in seed pixels) stretched over
 * `target` (frame pixels), fading out from `fadeFrom` (the point or line where it meets the seed)
 * towards the frame's edge.
 */
export interface PreviewRegion {
  sides: readonly OutpaintSide[];
  source: Rect;
  target: Rect;
  /** Linear fade for a side (from the seam line outward), radial for a corner (from the seed's corner). */
  fade:
    | { kind: "linear"; from: { x: number; y: number }; to: { x: number; y: number } }
    | { kind: "radial"; centre: { x: number; y: number }; radius: number };
}

/** The regions that preview the extended area, in frame pixels; empty sides give none. */
export function previewRegions(seed: Size, extents: OutpaintExtents): PreviewRegion[] {
  const { top, right, bottom, left } = extents;
  const w = seed.width;
  const h = seed.height;
  const seedRight = left + w;
  const seedBottom = top + h;
  const regions: PreviewRegion[] = [];
  const add = (region: PreviewRegion) => {
    if (region.target.width > 0 && region.target.height > 0) regions.push(region);
  };
  // Sides: one row or column of edge pixels stretched across the new band.
  add({
    sides: ["top"],
    source: { x: 0, y: 0, width: w, height: 1 },
    target: { x: left, y: 0, width: w, height: top },
    fade: { kind: "linear", from: { x: 0, y: top }, to: { x: 0, y: 0 } },
  });
  add({
    sides: ["bottom"],
    source: { x: 0, y: h - 1, width: w, height: 1 },
    target: { x: left, y: seedBottom, width: w, height: bottom },
    fade: { kind: "linear", from: { x: 0, y: seedBottom }, to: { x: 0, y: seedBottom + bottom } },
  });
  add({
    sides: ["left"],
    source: { x: 0, y: 0, width: 1, height: h },
    target: { x: 0, y: top, width: left, height: h },
    fade: { kind: "linear", from: { x: left, y: 0 }, to: { x: 0, y: 0 } },
  });
  add({
    sides: ["right"],
    source: { x: w - 1, y: 0, width: 1, height: h },
    target: { x: seedRight, y: top, width: right, height: h },
    fade: { kind: "linear", from: { x: seedRight, y: 0 }, to: { x: seedRight + right, y: 0 } },
  });
  // Corners: the seed's corner pixel spread over the corner block.
  const corner = (
    sides: readonly [OutpaintSide, OutpaintSide],
    sx: number,
    sy: number,
    target: Rect,
    centre: { x: number; y: number },
  ) =>
    add({
      sides,
      source: { x: sx, y: sy, width: 1, height: 1 },
      target,
      fade: { kind: "radial", centre, radius: Math.hypot(target.width, target.height) },
    });
  corner(["top", "left"], 0, 0, { x: 0, y: 0, width: left, height: top }, { x: left, y: top });
  corner(
    ["top", "right"],
    w - 1,
    0,
    { x: seedRight, y: 0, width: right, height: top },
    { x: seedRight, y: top },
  );
  corner(
    ["bottom", "left"],
    0,
    h - 1,
    { x: 0, y: seedBottom, width: left, height: bottom },
    { x: left, y: seedBottom },
  );
  corner(
    ["bottom", "right"],
    w - 1,
    h - 1,
    { x: seedRight, y: seedBottom, width: right, height: bottom },
    { x: seedRight, y: seedBottom },
  );
  return regions;
}

/**
 * The seams the outpaint blur softens: one band per extended side, `blur` pixels either side of
 * where the seed meets the new area. Without blur or extension there is no band.
 */
export interface SeamBand extends Rect {
  side: OutpaintSide;
}

export function seamBands(seed: Size, extents: OutpaintExtents, blur: number): SeamBand[] {
  if (!(blur > 0)) return [];
  const { top, right, bottom, left } = extents;
  const bands: SeamBand[] = [];
  const spanX = { x: left, width: seed.width };
  const spanY = { y: top, height: seed.height };
  if (top > 0) bands.push({ side: "top", ...spanX, y: top - blur, height: 2 * blur });
  if (bottom > 0) bands.push({ side: "bottom", ...spanX, y: top + seed.height - blur, height: 2 * blur });
  if (left > 0) bands.push({ side: "left", ...spanY, x: left - blur, width: 2 * blur });
  if (right > 0) bands.push({ side: "right", ...spanY, x: left + seed.width - blur, width: 2 * blur });
  return bands;
}
