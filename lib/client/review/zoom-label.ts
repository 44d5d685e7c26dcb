/**
 * The viewer's zoom as a person reads it: the image's real scale (screen pixels per image pixel),
 * not the zoom over the fitted view. Fitted, a 2048 px image on a 880 px stage is at 43%, and the
 * label says so: "Fit · 43%".
 */
export function zoomLabel(zoom: number, fitScale: number | null): string {
  const fitted = Math.abs(zoom - 1) < 0.005;
  if (fitScale === null || !(fitScale > 0)) return fitted ? "Fit" : `${Math.round(zoom * 100)}% of fit`;
  const real = `${Math.round(zoom * fitScale * 100)}%`;
  return fitted ? `Fit · ${real}` : real;
}
