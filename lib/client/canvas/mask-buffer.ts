/**
 * The painted mask as an RGBA buffer at the seed image's natural size, laid out like `ImageData`
 * so the same bytes are put on the overlay canvas. A pixel is either fully transparent (keep) or
 * the overlay colour at full alpha (repaint): a hard-edged mask with no soft fringe, so what the
 * user sees is exactly what the service repaints.
 */
export interface MaskBuffer {
  readonly width: number;
  readonly height: number;
  /** Backed by a plain `ArrayBuffer`, as `ImageData` requires. */
  readonly data: Uint8ClampedArray<ArrayBuffer>;
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export function createMaskBuffer(width: number, height: number): MaskBuffer {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`Mask size must be positive whole pixels, got ${width}x${height}`);
  }
  return { width, height, data: new Uint8ClampedArray(width * height * 4) };
}

/**
 * One RGBA pixel as a 32-bit word in the platform's byte order, so whole pixels can be written
 * and compared through a `Uint32Array` view at a quarter of the cost of four byte writes.
 */
export function packRgba(r: number, g: number, b: number, a: number): number {
  return new Uint32Array(new Uint8ClampedArray([r, g, b, a]).buffer)[0] ?? 0;
}

/** The buffer's pixels as 32-bit words (shares memory with `data`). */
export function pixelWords(data: Uint8ClampedArray): Uint32Array {
  if (data.byteOffset % 4 !== 0 || data.length % 4 !== 0)
    throw new RangeError("RGBA buffer is not pixel-aligned");
  return new Uint32Array(data.buffer, data.byteOffset, data.length / 4);
}

const ALPHA_BITS = packRgba(0, 0, 0, 255);

/** True when a pixel word has any alpha: the pixel is painted. */
export function isPaintedWord(word: number): boolean {
  return (word & ALPHA_BITS) !== 0;
}

const OPAQUE_WHITE = packRgba(255, 255, 255, 255);
const OPAQUE_BLACK = packRgba(0, 0, 0, 255);

/** The word written for a painted pixel of the overlay colour. */
export function paintWord(colour: Rgb): number {
  return packRgba(colour.r, colour.g, colour.b, 255);
}

/** True when no pixel has any alpha: nothing to repaint. */
export function isMaskEmpty(data: Uint8ClampedArray): boolean {
  const words = pixelWords(data);
  for (let i = 0; i < words.length; i++) {
    if (isPaintedWord(words[i] ?? 0)) return false;
  }
  return true;
}

/**
 * The mask as the service reads it: opaque white where anything is painted (alpha > 0), opaque
 * black elsewhere. Returns a new buffer; the overlay is untouched.
 */
export function maskToBlackWhite(data: Uint8ClampedArray): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(data.length);
  const source = pixelWords(data);
  const target = pixelWords(out);
  for (let i = 0; i < source.length; i++) {
    target[i] = isPaintedWord(source[i] ?? 0) ? OPAQUE_WHITE : OPAQUE_BLACK;
  }
  return out;
}

/** Swaps painted and unpainted pixels in place. */
export function invertMask(mask: MaskBuffer, colour: Rgb): void {
  const words = pixelWords(mask.data);
  const painted = paintWord(colour);
  for (let i = 0; i < words.length; i++) {
    words[i] = isPaintedWord(words[i] ?? 0) ? 0 : painted;
  }
}

export function clearMask(mask: MaskBuffer): void {
  mask.data.fill(0);
}

/**
 * Reads a black-and-white mask image (such as a restored draft) into the overlay: a pixel is
 * painted when it is light (luma at least half) and not transparent. Thresholding rather than
 * copying keeps the overlay hard-edged even when the source was resized or saved as JPEG.
 */
export function loadBlackWhiteMask(source: Uint8ClampedArray, mask: MaskBuffer, colour: Rgb): void {
  if (source.length !== mask.data.length) throw new RangeError("Source mask is not the painter's size");
  const words = pixelWords(mask.data);
  const painted = paintWord(colour);
  for (let i = 0, p = 0; i < words.length; i++, p += 4) {
    // Rec. 601 luma in integers: 299/587/114 per mille.
    const luma = ((source[p] ?? 0) * 299 + (source[p + 1] ?? 0) * 587 + (source[p + 2] ?? 0) * 114) / 1000;
    words[i] = (source[p + 3] ?? 0) >= 128 && luma >= 128 ? painted : 0;
  }
}
