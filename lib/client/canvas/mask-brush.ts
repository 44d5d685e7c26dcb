/** Brush sizes are diameters in image pixels, so a stroke covers the same area at any zoom. */
export const MIN_BRUSH_SIZE = 1;
export const MAX_BRUSH_SIZE = 512;

export function clampBrushSize(size: number): number {
  if (!Number.isFinite(size)) return MIN_BRUSH_SIZE;
  return Math.min(MAX_BRUSH_SIZE, Math.max(MIN_BRUSH_SIZE, Math.round(size)));
}

/**
 * The next size for the `[` and `]` keys: 10% of the current size (at least one pixel), so a few
 * presses make a visible difference on both a 4-pixel and a 300-pixel brush.
 */
export function stepBrushSize(size: number, direction: 1 | -1): number {
  const step = Math.max(1, Math.round(size * 0.1));
  return clampBrushSize(size + direction * step);
}

/** A starting size of about 1/16 of the image's longer side: a comfortable stroke on most seeds. */
export function defaultBrushSize(width: number, height: number): number {
  return Math.min(128, Math.max(4, clampBrushSize(Math.max(width, height) / 16)));
}

/** The slider's travel, in positions; brush sizes map onto it on a curve (see below). */
export const SLIDER_POSITIONS = 1000;

/**
 * Slider position for a size. The slider is quadratic in size so its first half covers 1-128
 * pixels: fine control where masks are drawn most, while a linear 1-512 slider would give small
 * brushes a few pixels of travel.
 */
export function brushSizeToSlider(size: number): number {
  const t = (clampBrushSize(size) - MIN_BRUSH_SIZE) / (MAX_BRUSH_SIZE - MIN_BRUSH_SIZE);
  return Math.round(Math.sqrt(t) * SLIDER_POSITIONS);
}

export function sliderToBrushSize(position: number): number {
  const t = Math.min(1, Math.max(0, position / SLIDER_POSITIONS));
  return clampBrushSize(MIN_BRUSH_SIZE + t * t * (MAX_BRUSH_SIZE - MIN_BRUSH_SIZE));
}

/**
 * The size for a slider move from `size` to `position`. Near the small end the curve packs
 * several positions into one pixel, so an arrow key press would change nothing: every move
 * changes the size by at least one pixel in its direction.
 */
export function sizeForSliderMove(size: number, position: number): number {
  const next = sliderToBrushSize(position);
  if (next !== size) return next;
  const direction = Math.sign(position - brushSizeToSlider(size));
  return clampBrushSize(size + direction);
}
