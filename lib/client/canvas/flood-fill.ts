/**
 * The bucket: the connected area around a pixel whose paint is like the pixel's own, on a layer's
 * mask (see layer-raster.ts). Work is on typed arrays with an explicit stack, so a fill over a
 * 2048-pixel canvas is a few passes over its bytes and never recurses.
 */

/** How far (0..255) a pixel's paint may differ from the clicked one's and still be filled. */
export const DEFAULT_TOLERANCE = 32;

/**
 * The area 4-connected to (x, y) whose values are within `tolerance` of that pixel's, grown by
 * one pixel into its border: the border is the edge of the paint that stopped the fill, and the
 * stage draws that edge anti-aliased, so the fill reaches under it rather than leaving a seam.
 * Answers a 0/1 mask of the same size, or null when (x, y) is outside.
 */
export function floodFill(
  values: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
  tolerance = DEFAULT_TOLERANCE,
): Uint8Array | null {
  const px = Math.floor(x);
  const py = Math.floor(y);
  if (px < 0 || py < 0 || px >= width || py >= height) return null;
  const seed = values[py * width + px] ?? 0;
  const near = (i: number) => Math.abs((values[i] ?? 0) - seed) <= tolerance;
  const filled = new Uint8Array(width * height);
  const stack: number[] = [py * width + px];
  while (stack.length > 0) {
    const start = stack.pop() ?? 0;
    if (filled[start]) continue;
    const row = Math.floor(start / width) * width;
    // Scan the run left and right, then queue the runs above and below it.
    let left = start;
    while (left > row && !filled[left - 1] && near(left - 1)) left--;
    let right = start;
    while (right < row + width - 1 && !filled[right + 1] && near(right + 1)) right++;
    filled.fill(1, left, right + 1);
    for (const next of [row - width, row + width]) {
      if (next < 0 || next >= width * height) continue;
      let inRun = false;
      for (let i = left - row; i <= right - row; i++) {
        const at = next + i;
        const open = !filled[at] && near(at);
        if (open && !inRun) stack.push(at);
        inRun = open;
      }
    }
  }
  return grow(filled, width, height);
}

/** The mask with every pixel beside an on pixel (4-connected) turned on too. */
export function grow(mask: Uint8Array, width: number, height: number): Uint8Array {
  const out = mask.slice();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (mask[i]) continue;
      if (
        (x > 0 && mask[i - 1]) ||
        (x < width - 1 && mask[i + 1]) ||
        (y > 0 && mask[i - width]) ||
        (y < height - 1 && mask[i + width])
      )
        out[i] = 1;
    }
  }
  return out;
}
