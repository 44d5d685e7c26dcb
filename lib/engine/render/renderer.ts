/**
 * The renderer behind the processors: a small interface so that a richer procedural renderer can
 * replace the simple first one without touching the task pipeline.
 */

export type ImageFormat = "JPG" | "PNG" | "WEBP";
export type VideoFormat = "MP4" | "WEBM" | "MOV";

export interface Outpaint {
  top: number;
  right: number;
  bottom: number;
  left: number;
  blur: number;
}

export interface ImageRenderParams {
  width: number;
  height: number;
  seed: number;
  /** `__BLANK__` (no text guidance) is passed through; the renderer treats it as an empty prompt. */
  prompt: string;
  format: ImageFormat;
  /** 20-99; JPG and WEBP only. */
  quality: number;
  /** Image-to-image, inpainting and outpainting start from this (any format sharp reads). */
  seedImage?: Buffer;
  /** Inpainting: white is repainted, black kept. */
  maskImage?: Buffer;
  /** 0-1: how much of the generated picture replaces the seed image. */
  strength?: number;
  outpaint?: Outpaint;
  /** Keep an alpha channel (layerDiffuse with PNG/WEBP). */
  transparent?: boolean;
  signal?: AbortSignal;
}

export interface VideoRenderParams {
  width: number;
  height: number;
  seconds: number;
  fps: number;
  seed: number;
  prompt: string;
  format: VideoFormat;
  /** 20-99, mapped to the encoder's quality scale. */
  quality: number;
  /** A soft tone track when true; no audio stream when false. */
  audio: boolean;
  /** First / last frame images (image-to-video), any format sharp reads. */
  firstFrame?: Buffer;
  lastFrame?: Buffer;
  signal?: AbortSignal;
}

export interface Renderer {
  renderImage(params: ImageRenderParams): Promise<Buffer>;
  /** `onProgress` receives 0-100 while frames are produced and encoded. */
  renderVideo(params: VideoRenderParams, onProgress: (percent: number) => void): Promise<Buffer>;
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
