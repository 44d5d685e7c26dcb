import type { VideoFormat } from "../shared/formats";
import type { SafetyMode } from "./frame-safety";
import type { MediaInfo } from "./media-decode";

/** A reference video or audio: its bytes and, when the processor probed it, what it holds. */
export interface ReferenceMedia {
  bytes: Buffer;
  info?: MediaInfo;
}

/** What the video renderer is asked to make: everything of the request that changes frames or sound. */
export interface VideoRenderParams {
  width: number;
  height: number;
  seconds: number;
  fps: number;
  seed: number;
  /** The prompt the scene is read from (already rewritten when `promptExtend` is on). */
  prompt: string;
  format: VideoFormat;
  /** 20-99, mapped to the encoder's quality scale. */
  quality: number;
  /** A generated soundtrack when true; no audio stream at all when false. */
  audio: boolean;
  /** First / last frame images (image-to-video), any format sharp reads. */
  firstFrame?: Buffer;
  lastFrame?: Buffer;
  /** Images whose subjects appear as cards and whose colours join the palette. */
  referenceImages?: Buffer[];
  /**
   * The first is the background plate, the others picture-in-picture insets. The sound of those
   * with an audio stream is mixed into the soundtrack like a reference audio's.
   */
  referenceVideos?: ReferenceMedia[];
  /** Mixed into the soundtrack; their loudness also drives the picture's glow. */
  referenceAudios?: ReferenceMedia[];
  /** A document's or web page's words, shown as a lower-third title card. */
  text?: { title: string; body: string };
  /** Frame content check; `onContentCheck` receives the verdict before the render resolves. */
  contentCheck?: SafetyMode;
  onContentCheck?: (flagged: boolean) => void;
  signal?: AbortSignal;
}
