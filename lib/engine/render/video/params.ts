import type { VideoFormat } from "../renderer";

/** What the video renderer is asked to make: everything of the request that changes frames or sound. */
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
