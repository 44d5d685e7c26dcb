import { describe, expect, it } from "vitest";
import { createMaskBuffer, invertMask } from "./mask-buffer";
import { decodeMaskSnapshot, emptyMaskSnapshot, encodeMaskSnapshot, isSnapshotEmpty } from "./mask-snapshot";
import { stampDisc } from "./mask-stamp";

const ACCENT = { r: 139, g: 124, b: 255 };

describe("mask snapshots", () => {
  it("round-trip a painted mask exactly", () => {
    const mask = createMaskBuffer(64, 48);
    stampDisc(mask, { x: 20, y: 20 }, 9, "paint", ACCENT);
    stampDisc(mask, { x: 63, y: 47 }, 5, "paint", ACCENT);
    stampDisc(mask, { x: 22, y: 22 }, 3, "erase", ACCENT);
    const snapshot = encodeMaskSnapshot(mask);
    const restored = createMaskBuffer(64, 48);
    decodeMaskSnapshot(snapshot, restored, ACCENT);
    expect(restored.data).toEqual(mask.data);
  });

  it("compress a brushed mask far below its raw size", () => {
    const mask = createMaskBuffer(1024, 1024);
    stampDisc(mask, { x: 500, y: 500 }, 200, "paint", ACCENT);
    const snapshot = encodeMaskSnapshot(mask);
    expect(snapshot.runs.byteLength).toBeLessThan(mask.data.byteLength / 500);
  });

  it("encode empty and full masks as one or two runs", () => {
    const mask = createMaskBuffer(8, 8);
    const empty = encodeMaskSnapshot(mask);
    expect(Array.from(empty.runs)).toEqual([64]);
    expect(emptyMaskSnapshot(8, 8)).toEqual(empty);
    expect(isSnapshotEmpty(empty)).toBe(true);
    invertMask(mask, ACCENT);
    const full = encodeMaskSnapshot(mask);
    expect(Array.from(full.runs)).toEqual([0, 64]);
    expect(isSnapshotEmpty(full)).toBe(false);
    const restored = createMaskBuffer(8, 8);
    decodeMaskSnapshot(full, restored, ACCENT);
    expect(restored.data).toEqual(mask.data);
  });

  it("refuse a snapshot of another size", () => {
    const snapshot = encodeMaskSnapshot(createMaskBuffer(4, 4));
    expect(() => decodeMaskSnapshot(snapshot, createMaskBuffer(4, 5), ACCENT)).toThrow(RangeError);
  });
});
