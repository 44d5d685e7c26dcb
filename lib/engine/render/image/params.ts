import type { ImageFormat } from "../shared/formats";

/** What the image renderer is asked to draw: everything of the request that changes pixels. */
export interface Outpaint {
  top: number;
  right: number;
  bottom: number;
  left: number;
  blur: number;
}

/** An image input with the request parameter it came from, so a decode failure can name it. */
export interface NamedImage {
  bytes: Buffer;
  parameter: string;
}

export interface ControlUnit {
  guide: NamedImage;
  /** 0-1. */
  weight: number;
  startStep?: number;
  endStep?: number;
  startStepPercentage?: number;
  endStepPercentage?: number;
  controlMode?: "balanced" | "prompt" | "controlnet";
}

export interface WeightedModel {
  model: string;
  weight: number;
}

export interface IpAdapterUnit {
  guide: NamedImage;
  /** 0-1. */
  weight: number;
}

export interface RefinerSettings {
  model: string;
  startStep?: number;
  startStepPercentage?: number;
}

export interface PuLIDSettings {
  face: NamedImage;
  /** 0-3. */
  idWeight: number;
  trueCFGScale?: number;
  CFGStartStep?: number;
  CFGStartStepPercentage?: number;
}

export interface AcePlusPlusSettings {
  type: "portrait" | "subject" | "local_editing";
  /** 0 keeps the reference's identity, 1 follows the prompt. */
  repaintingScale: number;
  reference: NamedImage;
  inputImage?: NamedImage;
  inputMask?: NamedImage;
}

export interface AcceleratorSettings {
  teaCache?: boolean;
  teaCacheDistance?: number;
  fbCache?: boolean;
  fbCacheThreshold?: number;
  deepCache?: boolean;
  deepCacheInterval?: number;
  deepCacheBranchId?: number;
  cacheStartStep?: number;
  cacheStartStepPercentage?: number;
  cacheEndStep?: number;
  cacheEndStepPercentage?: number;
  cacheMaxConsecutiveSteps?: number;
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
  /** Inpainting: pixels of feathered context around the mask that may change too (32-128). */
  maskMargin?: number;
  /** 0-1: how much of the generated picture replaces the seed image. */
  strength?: number;
  outpaint?: Outpaint;
  /** Keep an alpha channel (layerDiffuse with PNG/WEBP). */
  transparent?: boolean;
  negativePrompt?: string;
  /** Steps the request runs (after an acceleration preset); default 20. */
  steps?: number;
  /** 0-50, default 7. */
  CFGScale?: number;
  scheduler?: string;
  /** 0-2. */
  clipSkip?: number;
  promptWeighting?: "compel" | "sdEmbeds";
  model?: string;
  vae?: string;
  controlNet?: ControlUnit[];
  lora?: WeightedModel[];
  embeddings?: WeightedModel[];
  ipAdapters?: IpAdapterUnit[];
  refiner?: RefinerSettings;
  puLID?: PuLIDSettings;
  acePlusPlus?: AcePlusPlusSettings;
  /** Two-stage render: small, then upscaled and refined. */
  hiresfix?: boolean;
  acceleration?: "none" | "low" | "medium" | "high";
  acceleratorOptions?: AcceleratorSettings;
  signal?: AbortSignal;
}
