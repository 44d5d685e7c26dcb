/**
 * The renderer behind the processors: a small interface so that a richer procedural renderer can
 * replace the simple first one without touching the task pipeline.
 */
import type { ImageRenderParams } from "./image/params";
import type { VideoRenderParams } from "./video/params";

export type { ImageRenderParams, Outpaint } from "./image/params";
export { IMAGE_MIME, type ImageFormat, VIDEO_MIME, type VideoFormat } from "./shared/formats";
export type { VideoRenderParams } from "./video/params";

export interface Renderer {
  renderImage(params: ImageRenderParams): Promise<Buffer>;
  /** `onProgress` receives 0-100 while frames are produced and encoded. */
  renderVideo(params: VideoRenderParams, onProgress: (percent: number) => void): Promise<Buffer>;
  /** Releases what it holds (render threads); called when the engine closes. */
  close?(): Promise<void>;
}
