import type { LayerKind } from "@/lib/client/canvas/canvas-document";

/** How each kind of painted layer shows on the stage (and its dot in the layers panel). */
export const LAYER_COLOURS: Record<LayerKind, string> = {
  image: "#94a3b8",
  inpaintMask: "#f43f5e",
  controlGuide: "#f8fafc",
  regionalPrompt: "#38bdf8",
};
