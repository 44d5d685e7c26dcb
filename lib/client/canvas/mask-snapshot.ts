import { isPaintedWord, type MaskBuffer, paintWord, pixelWords, type Rgb } from "./mask-buffer";

/**
 * A mask kept for undo as alternating run lengths, unpainted first: [keep, repaint, keep, ...].
 * A raw 2048x2048 RGBA copy is 16 MB, so 50 steps would hold 800 MB; a brushed mask is a few
 * hundred runs per painted row at most, usually a few kilobytes in all.
 */
export interface MaskSnapshot {
  readonly width: number;
  readonly height: number;
  readonly runs: Uint32Array;
}

/** The snapshot of a blank mask, built without reading a buffer. */
export function emptyMaskSnapshot(width: number, height: number): MaskSnapshot {
  return { width, height, runs: Uint32Array.of(width * height) };
}

export function encodeMaskSnapshot(mask: MaskBuffer): MaskSnapshot {
  const words = pixelWords(mask.data);
  const runs: number[] = [];
  let painted = false;
  let length = 0;
  for (let i = 0; i < words.length; i++) {
    const isPainted = isPaintedWord(words[i] ?? 0);
    if (isPainted !== painted) {
      runs.push(length);
      painted = isPainted;
      length = 0;
    }
    length++;
  }
  runs.push(length);
  return { width: mask.width, height: mask.height, runs: Uint32Array.from(runs) };
}

/** Writes a snapshot back into a mask of the same size, painting in `colour`. */
export function decodeMaskSnapshot(snapshot: MaskSnapshot, mask: MaskBuffer, colour: Rgb): void {
  if (snapshot.width !== mask.width || snapshot.height !== mask.height) {
    throw new RangeError("Snapshot is not the mask's size");
  }
  const words = pixelWords(mask.data);
  const word = paintWord(colour);
  let offset = 0;
  for (let i = 0; i < snapshot.runs.length; i++) {
    const length = snapshot.runs[i] ?? 0;
    words.fill(i % 2 === 1 ? word : 0, offset, offset + length);
    offset += length;
  }
  if (offset !== words.length) throw new RangeError("Snapshot does not cover the whole mask");
}

/** True when the snapshot has no painted run. */
export function isSnapshotEmpty(snapshot: MaskSnapshot): boolean {
  for (let i = 1; i < snapshot.runs.length; i += 2) if ((snapshot.runs[i] ?? 0) > 0) return false;
  return true;
}
