import type { MessagePort } from "node:worker_threads";
import type { ImageRenderParams, VideoRenderParams } from "../renderer";

/** What crosses into a render thread: the params without what cannot be cloned (signal, callbacks). */
export type RenderTask =
  | { kind: "image"; params: Omit<ImageRenderParams, "signal">; port: MessagePort }
  | { kind: "video"; params: Omit<VideoRenderParams, "signal" | "onContentCheck">; port: MessagePort };

/** Messages on a task's port: the thread reports, the engine may cancel. */
export type FromWorker = { type: "progress"; percent: number } | { type: "content"; flagged: boolean };
export type ToWorker = { type: "abort" };
