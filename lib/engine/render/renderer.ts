/**
 * The renderer behind the processors: a small interface so that a richer procedural renderer can
 * replace the simple first one without touching the task pipeline.
 */
import type { ImageRenderParams } from "./image/params";
import type { VideoRenderParams } from "./video/params";

export type { ImageRenderParams, Outpaint } from "./image/params";
export type { VideoRenderParams } from "./video/params";

export type ImageFormat = "JPG" | "PNG" | "WEBP";
export type VideoFormat = "MP4" | "WEBM" | "MOV";

export interface Renderer {
  renderImage(params: ImageRenderParams): Promise<Buffer>;
  /** `onProgress` receives 0-100 while frames are produced and encoded. */
  renderVideo(params: VideoRenderParams, onProgress: (percent: number) => void): Promise<Buffer>;
  /** Releases what it holds (render threads); called when the engine closes. */
  close?(): Promise<void>;
}

export const VIDEO_MIME: Record<VideoFormat, string> = {
  MP4: "video/mp4",
  WEBM: "video/webm",
  MOV: "video/quicktime",
};

export const IMAGE_MIME: Record<ImageFormat, "image/jpeg" | "image/png" | "image/webp"> = {
  JPG: "image/jpeg",
  PNG: "image/png",
  WEBP: "image/webp",
};
