import type { ImageFormat } from "../renderer";

/** What the image renderer is asked to draw: everything of the request that changes pixels. */
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
