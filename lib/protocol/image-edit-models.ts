/**
 * Edit models: the one architecture that makes a picture from reference images (`referenceImages`,
 * up to 2) with the output's size given as a `resolution` tier. The contract says the supported
 * tiers vary by model; this table says which, so the engine refuses a tier its model lacks and the
 * studio's form offers only the ones the chosen model takes. ACE++ (one reference, on the fill
 * model) is its own workflow and is not listed here.
 */
import { IMAGE_LIMITS, type IMAGE_RESOLUTIONS } from "./image-limits";

export type ImageResolution = (typeof IMAGE_RESOLUTIONS)[number];

export interface EditModel {
  air: string;
  name: string;
  /** Reference images the model reads at most. */
  maxReferences: number;
  resolutions: readonly ImageResolution[];
}

export const EDIT_ARCHITECTURE = "flux1kontext";

export const EDIT_MODELS: readonly EditModel[] = [
  {
    air: "runware:106@1",
    name: "FLUX.1 Kontext [dev]",
    maxReferences: IMAGE_LIMITS.referenceImages.max,
    resolutions: ["1k", "2k"],
  },
  {
    air: "bfl:3@1",
    name: "FLUX.1 Kontext [pro]",
    maxReferences: IMAGE_LIMITS.referenceImages.max,
    resolutions: ["1k", "2k", "4k"],
  },
];

export function editModelOf(air: unknown): EditModel | undefined {
  return EDIT_MODELS.find((m) => m.air === air);
}

/** The tiers' megapixels (contract: about 1, 4 and 16). */
export const RESOLUTION_MEGAPIXELS: Readonly<Record<ImageResolution, number>> = {
  "1k": 1,
  "2k": 4,
  "4k": 16,
};

const MULTIPLE = 64;
const MIN_SIDE = 128;
/** Bounds a very long thin reference's output (a 4k tier at 1:4 is 2048x8192). */
const MAX_SIDE = 8192;

/**
 * The output size of a tier at a reference image's aspect ratio: the tier's pixel count (2^20 per
 * megapixel) in that shape, each side rounded down to a multiple of 64 so that no tier exceeds its
 * count ("4k" is at most 4096x4096 worth of pixels, the largest image the service makes).
 */
export function sizeForResolution(
  tier: ImageResolution,
  reference: { width: number; height: number },
): { width: number; height: number } {
  const aspect = reference.width > 0 && reference.height > 0 ? reference.width / reference.height : 1;
  const pixels = RESOLUTION_MEGAPIXELS[tier] * 1024 * 1024;
  const snap = (v: number) => Math.max(MIN_SIDE, Math.min(MAX_SIDE, Math.floor(v / MULTIPLE) * MULTIPLE));
  return { width: snap(Math.sqrt(pixels * aspect)), height: snap(Math.sqrt(pixels / aspect)) };
}

/** A model's tiers in words: "1k, 2k". */
export function tiersText(model: EditModel): string {
  return model.resolutions.join(", ");
}
