import {
  canRedo,
  canUndo,
  createHistory,
  type History,
  pushHistory,
  redoHistory,
  undoHistory,
} from "@/lib/client/canvas/history";
import {
  clearMask,
  createMaskBuffer,
  invertMask,
  isMaskEmpty,
  loadBlackWhiteMask,
  type MaskBuffer,
  type Rgb,
} from "@/lib/client/canvas/mask-buffer";
import {
  decodeMaskSnapshot,
  emptyMaskSnapshot,
  encodeMaskSnapshot,
  isSnapshotEmpty,
  type MaskSnapshot,
} from "@/lib/client/canvas/mask-snapshot";
import { type DirtyRect, type StampMode, stampPoints, unionRect } from "@/lib/client/canvas/mask-stamp";
import type { Point } from "@/lib/client/canvas/stroke";

/** The theme's accent (`accent.DEFAULT` in tailwind.config.ts), drawn at half opacity over the image. */
export const OVERLAY_COLOUR: Rgb = { r: 139, g: 124, b: 255 };

export interface MaskDocumentState {
  canUndo: boolean;
  canRedo: boolean;
  empty: boolean;
}

function sameRuns(a: MaskSnapshot, b: MaskSnapshot): boolean {
  if (a.runs.length !== b.runs.length) return false;
  for (let i = 0; i < a.runs.length; i++) if (a.runs[i] !== b.runs[i]) return false;
  return true;
}

/**
 * The mask being painted: an RGBA buffer at the image's natural size (the truth), an offscreen
 * canvas showing it (re-uploaded only where strokes changed it), and the undo history of
 * compressed snapshots. Kept outside React so a stroke's hundreds of stamps per second never
 * re-render; React subscribes to the small `MaskDocumentState` only.
 */
export class MaskDocument {
  readonly mask: MaskBuffer;
  private history: History<MaskSnapshot>;
  private state: MaskDocumentState = { canUndo: false, canRedo: false, empty: true };
  private readonly listeners = new Set<() => void>();
  private readonly renderListeners = new Set<() => void>();
  private overlay: HTMLCanvasElement | null = null;
  private imageData: ImageData | null = null;
  /** Pixels changed since the overlay canvas was last updated; everything at first. */
  private dirty: DirtyRect | null;
  private strokeTouched = false;
  /** Set by the first user edit, so a slow-loading initial mask cannot overwrite it. */
  private edited = false;

  constructor(width: number, height: number) {
    // Also runs during server rendering: a zeroed buffer costs nothing until it is touched.
    this.mask = createMaskBuffer(width, height);
    this.history = createHistory(emptyMaskSnapshot(width, height));
    this.dirty = { x: 0, y: 0, width, height };
  }

  get width(): number {
    return this.mask.width;
  }

  get height(): number {
    return this.mask.height;
  }

  /** For `useSyncExternalStore`: called when undo/redo availability or emptiness changes. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): MaskDocumentState => this.state;

  /** Called whenever pixels change, so the stage can schedule a redraw. */
  onRender(listener: () => void): () => void {
    this.renderListeners.add(listener);
    return () => this.renderListeners.delete(listener);
  }

  /** Stamps a run of points during a stroke; the change is recorded by `endStroke`. */
  paint(points: readonly Point[], radius: number, mode: StampMode): void {
    const changed = stampPoints(this.mask, points, radius, mode, OVERLAY_COLOUR);
    if (!changed) return;
    this.strokeTouched = true;
    this.edited = true;
    this.markDirty(changed);
  }

  /** Records the finished stroke as one undo step. True when the mask differs from before. */
  endStroke(): boolean {
    if (!this.strokeTouched) return false;
    this.strokeTouched = false;
    return this.commit();
  }

  clear(): boolean {
    if (isMaskEmpty(this.mask.data)) return false;
    clearMask(this.mask);
    return this.commitWhole();
  }

  invert(): boolean {
    invertMask(this.mask, OVERLAY_COLOUR);
    return this.commitWhole();
  }

  undo(): boolean {
    const previous = undoHistory(this.history);
    if (previous === this.history) return false;
    return this.restore(previous);
  }

  redo(): boolean {
    const next = redoHistory(this.history);
    if (next === this.history) return false;
    return this.restore(next);
  }

  /**
   * Starts from a black-and-white mask image's pixels (a restored draft) as the base state, with
   * no undo step to before it. Ignored once the user has edited.
   */
  load(source: Uint8ClampedArray): boolean {
    if (this.edited) return false;
    loadBlackWhiteMask(source, this.mask, OVERLAY_COLOUR);
    this.history = createHistory(encodeMaskSnapshot(this.mask), this.history.limit);
    this.markDirty({ x: 0, y: 0, width: this.width, height: this.height });
    this.publish();
    return true;
  }

  /** The overlay canvas at the image's natural size, brought up to date with the buffer. */
  overlayCanvas(): HTMLCanvasElement {
    if (!this.overlay || !this.imageData) {
      this.overlay = document.createElement("canvas");
      this.overlay.width = this.width;
      this.overlay.height = this.height;
      // Shares memory with the buffer: uploads copy straight from it.
      this.imageData = new ImageData(this.mask.data, this.width, this.height);
    }
    if (this.dirty) {
      const { x, y, width, height } = this.dirty;
      this.overlay.getContext("2d")?.putImageData(this.imageData, 0, 0, x, y, width, height);
      this.dirty = null;
    }
    return this.overlay;
  }

  private markDirty(rect: DirtyRect): void {
    this.dirty = unionRect(this.dirty, rect);
    for (const listener of this.renderListeners) listener();
  }

  private commitWhole(): boolean {
    this.edited = true;
    this.markDirty({ x: 0, y: 0, width: this.width, height: this.height });
    return this.commit();
  }

  private commit(): boolean {
    const snapshot = encodeMaskSnapshot(this.mask);
    // A stroke entirely over painted pixels (or erasing nothing) is not worth an undo step.
    if (sameRuns(snapshot, this.history.present)) return false;
    this.history = pushHistory(this.history, snapshot);
    this.publish();
    return true;
  }

  private restore(history: History<MaskSnapshot>): boolean {
    this.history = history;
    this.edited = true;
    decodeMaskSnapshot(history.present, this.mask, OVERLAY_COLOUR);
    this.markDirty({ x: 0, y: 0, width: this.width, height: this.height });
    this.publish();
    return true;
  }

  private publish(): void {
    const next: MaskDocumentState = {
      canUndo: canUndo(this.history),
      canRedo: canRedo(this.history),
      empty: isSnapshotEmpty(this.history.present),
    };
    if (
      next.canUndo !== this.state.canUndo ||
      next.canRedo !== this.state.canRedo ||
      next.empty !== this.state.empty
    ) {
      this.state = next;
      for (const listener of this.listeners) listener();
    }
  }
}
