"use client";

import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { DEFAULT_IMAGE_MODEL } from "../create/image-fields";
import { newId } from "../new-id";
import {
  acceptResult,
  addLayer,
  addStroke,
  type CanvasDocument,
  clearLayer,
  emptyDocument,
  type LayerKind,
  type LayerOp,
  type LayerPatch,
  moveLayer,
  newLayer,
  type Picture,
  patchLayer,
  removeLayer,
  restoreStroke,
  type Stroke,
} from "./canvas-document";
import { frameForPicture, type Rect, snapFrame } from "./canvas-frame";
import {
  type CanvasSettings,
  type CanvasTool,
  canvasStorage,
  canvasStorageKey,
  type JobFrame,
  type PersistedCanvas,
  readPersisted,
  type SetAside,
  type Staging,
  type Tool,
} from "./canvas-persist";
import { type CanvasPreset, inpaintPreset, outpaintPreset } from "./canvas-preset";
import {
  canRedo,
  canUndo,
  createHistory,
  type History,
  pushHistory,
  redoHistory,
  undoHistory,
} from "./history";
import { settingsActions } from "./settings-actions";

export type SizedTool = Exclude<Tool, "move">;

/** The tools with a brush size (the bucket and the lasso have none). */
export function isSizedTool(tool: CanvasTool): tool is SizedTool {
  return tool === "brush" || tool === "eraser" || tool === "restore";
}

export interface CanvasState {
  history: History<CanvasDocument>;
  selectedId: string | null;
  settings: CanvasSettings;
  tool: CanvasTool;
  /** Each painting tool keeps its own size: a fine eraser beside a broad brush. */
  sizes: Record<SizedTool, number>;
  staging: Staging | null;
  /** The last edit's key, when it was one of a run (typing, a slider) that undoes as one step. */
  lastEdit: string | null;
  /** The frame last set for each job, so opening Inpainting or Outpainting again finds it. */
  jobFrames: Partial<Record<CanvasPreset, JobFrame>>;
  /** The member's settings that "Restore" brings back, after "Reset" or a teammate's setup. */
  setAside: SetAside | null;
  setPicture(picture: Picture): void;
  addLayer(kind: Exclude<LayerKind, "image">): void;
  removeLayer(id: string): void;
  moveLayer(id: string, by: 1 | -1): void;
  patchLayer(id: string, patch: LayerPatch): void;
  select(id: string | null): void;
  stroke(stroke: Stroke): void;
  setFrame(frame: Rect): void;
  undo(): void;
  redo(): void;
  setTool(tool: CanvasTool): void;
  /** A fill or lasso onto the selected layer, as one undo step. */
  paint(op: LayerOp): void;
  clearLayer(id: string): void;
  /** A new inpaint mask holding `op` (a mask from the gallery), selected, as one undo step. */
  addMask(op: LayerOp): void;
  setSize(tool: SizedTool, size: number): void;
  setSettings(patch: Partial<CanvasSettings>): void;
  stage(taskUUID: string, frame: Rect): void;
  stepStaged(by: 1 | -1, count: number): void;
  accept(src: string): void;
  unstage(): void;
  /** Opens a canvas kept elsewhere (a result's recipe) as one undo step, with its results staged. */
  openRecipe(doc: CanvasDocument, settings: CanvasSettings, staging: Staging | null): void;
  /** Sets the canvas up for inpainting or outpainting (the frame, the mask, the tool). */
  applyPreset(preset: CanvasPreset): void;
  /** Remembers the frame as the one `job` opens with next time, on this picture. */
  keepJobFrame(job: CanvasPreset): void;
  /** The settings back to the defaults (the layers stay), the member's own set aside. */
  resetSettings(): void;
  /** A teammate's settings in place of the member's, which are set aside. */
  openSetup(settings: CanvasSettings, author: string | null): void;
  /** The settings set aside by "Reset" or a setup, back. */
  restoreSettings(): void;
}

export const DEFAULT_SETTINGS: CanvasSettings = {
  prompt: "",
  negativePrompt: "",
  model: DEFAULT_IMAGE_MODEL,
  strength: 0.8,
  numberResults: 4,
  maskMargin: null,
  outpaintBlur: 0,
};

const DEFAULT_SIZES: Record<SizedTool, number> = { brush: 48, eraser: 32, restore: 64 };

type CanvasSet = (fn: (s: CanvasState) => Partial<CanvasState>) => void;

/** Staging a result over the frame, stepping through it, accepting it as a layer, reopening a recipe. */
function resultActions(
  set: CanvasSet,
): Pick<CanvasState, "stage" | "stepStaged" | "accept" | "unstage" | "openRecipe"> {
  return {
    stage: (taskUUID, frame) => set(() => ({ staging: { taskUUID, frame, index: 0 } })),
    stepStaged: (by, count) =>
      set((s) =>
        s.staging && count > 0
          ? { staging: { ...s.staging, index: (s.staging.index + by + count) % count } }
          : {},
      ),
    accept: (src) => {
      const id = newId();
      set((s) => {
        if (!s.staging) return {};
        const next = acceptResult(s.history.present, id, src, s.staging.frame);
        return { history: pushHistory(s.history, next), staging: null, selectedId: id, lastEdit: null };
      });
    },
    unstage: () => set(() => ({ staging: null })),
    openRecipe: (doc, settings, staging) =>
      set((s) => ({
        history: pushHistory(s.history, doc),
        settings,
        staging,
        selectedId: null,
        lastEdit: null,
      })),
  };
}

/** The pure transitions, apart from zustand so tests drive them without a browser. */
export function createCanvasState(set: CanvasSet): CanvasState {
  const edit = (fn: (doc: CanvasDocument, s: CanvasState) => CanvasDocument, run: string | null = null) =>
    set((s) => {
      const next = fn(s.history.present, s);
      // A change that changed nothing (a stroke on a locked layer) is no undo step.
      if (next === s.history.present) return {};
      // Typing a prompt or dragging a slider is one step, not one per key or per pixel.
      if (run !== null && run === s.lastEdit) return { history: { ...s.history, present: next } };
      return { history: pushHistory(s.history, next), lastEdit: run };
    });
  return {
    history: createHistory(emptyDocument()),
    selectedId: null,
    settings: DEFAULT_SETTINGS,
    tool: "move",
    sizes: DEFAULT_SIZES,
    staging: null,
    lastEdit: null,
    jobFrames: {},
    setAside: null,
    setPicture: (picture) =>
      set((s) => {
        // A new picture starts a new canvas (layers painted over another picture mean nothing
        // here), as one undo step, so the canvas it replaced is one Ctrl+Z away. Layers added
        // while the first picture was still on its way were made for it, and stay.
        const before = s.history.present;
        const layers = before.picture === null ? before.layers : [];
        return {
          lastEdit: null,
          history: pushHistory(s.history, { picture, layers, frame: frameForPicture(picture) }),
          selectedId: layers.length > 0 ? s.selectedId : null,
          staging: null,
        };
      }),
    addLayer: (kind) => {
      const id = newId();
      edit((doc) => addLayer(doc, newLayer(doc.layers, kind, id)));
      set(() => ({ selectedId: id }));
    },
    removeLayer: (id) => {
      edit((doc) => removeLayer(doc, id));
      set((s) => (s.selectedId === id ? { selectedId: null } : {}));
    },
    moveLayer: (id, by) => edit((doc) => moveLayer(doc, id, by)),
    patchLayer: (id, patch) => {
      const keys = Object.keys(patch).sort().join(",");
      const run = keys === "hidden" || keys === "locked" ? null : `${id}:${keys}`;
      edit((doc) => patchLayer(doc, id, patch), run);
    },
    select: (id) => set(() => ({ selectedId: id })),
    stroke: (stroke) =>
      edit((doc, s) =>
        s.tool === "restore"
          ? restoreStroke(doc, stroke)
          : s.selectedId
            ? addStroke(doc, s.selectedId, stroke)
            : doc,
      ),
    setFrame: (frame) =>
      edit((doc) => {
        const next = snapFrame(frame);
        const f = doc.frame;
        return next.x === f.x && next.y === f.y && next.width === f.width && next.height === f.height
          ? doc
          : { ...doc, frame: next };
      }),
    undo: () => set((s) => ({ history: undoHistory(s.history), lastEdit: null })),
    redo: () => set((s) => ({ history: redoHistory(s.history), lastEdit: null })),
    setTool: (tool) => set(() => ({ tool })),
    paint: (op) => edit((doc, s) => (s.selectedId ? addStroke(doc, s.selectedId, op) : doc)),
    clearLayer: (id) => edit((doc) => clearLayer(doc, id)),
    addMask: (op) => {
      const id = newId();
      edit((doc) => {
        const layer = newLayer(doc.layers, "inpaintMask", id);
        return addLayer(doc, { ...layer, strokes: [op] });
      });
      set(() => ({ selectedId: id }));
    },
    setSize: (tool, size) =>
      set((s) => ({ sizes: { ...s.sizes, [tool]: Math.min(512, Math.max(1, Math.round(size))) } })),
    ...settingsActions(set, DEFAULT_SETTINGS),
    ...resultActions(set),
    applyPreset: (preset) => {
      let kept: Rect | null = null;
      set((s) => {
        const mine = s.jobFrames[preset];
        kept = mine && mine.pictureId === s.history.present.picture?.id ? mine.frame : null;
        return {};
      });
      if (preset === "outpaint") {
        edit((doc) => outpaintPreset(doc, kept));
        set(() => ({ tool: "move" }));
        return;
      }
      const id = newId();
      let selectedId: string | null = null;
      edit((doc) => {
        const next = inpaintPreset(doc, id, kept);
        selectedId = next.selectedId;
        return next.doc;
      });
      if (selectedId) set(() => ({ selectedId, tool: "brush" }));
    },
    keepJobFrame: (job) =>
      set((s) => {
        const { picture, frame } = s.history.present;
        const was = s.jobFrames[job];
        if (!picture || (was?.pictureId === picture.id && sameRect(was.frame, frame))) return {};
        return { jobFrames: { ...s.jobFrames, [job]: { pictureId: picture.id, frame } } };
      }),
  };
}

function sameRect(a: Rect, b: Rect): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

function persisted(s: CanvasState): PersistedCanvas {
  return {
    doc: s.history.present,
    selectedId: s.selectedId,
    settings: s.settings,
    tool: s.tool,
    sizes: s.sizes,
    staging: s.staging,
    jobFrames: s.jobFrames,
    setAside: s.setAside,
  };
}

export const useCanvasStore = create<CanvasState>()(
  persist((set) => createCanvasState(set), {
    // Renamed for the signed-in member before the canvas is first read (use-canvas-start.ts).
    name: canvasStorageKey("nobody"),
    version: 1,
    storage: createJSONStorage(canvasStorage),
    partialize: persisted,
    // The undo history is not kept: a reload starts it at the canvas as it was left.
    merge: (stored, current) => {
      const read = readPersisted(stored);
      if (!read) return current;
      const { doc, ...rest } = read;
      return { ...current, ...rest, history: createHistory(doc) };
    },
    skipHydration: true,
  }),
);

export function useCanUndo(): boolean {
  return useCanvasStore((s) => canUndo(s.history));
}

export function useCanRedo(): boolean {
  return useCanvasStore((s) => canRedo(s.history));
}

export function useCanvasDocument(): CanvasDocument {
  return useCanvasStore((s) => s.history.present);
}
