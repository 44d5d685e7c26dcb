/**
 * What a model is for, from what `modelSearch` says of it (real-service-notes.md): its
 * architecture and tags. The search's categories put video models among the checkpoints, so the
 * image forms tell them apart here; and a LoRA made for one architecture does little on another.
 */
import type { ModelInfo } from "./tools";

type ModelTraits = Pick<ModelInfo, "architecture" | "tags">;

/** A video model answers a checkpoint search too; an image task cannot run it. */
export function isVideoModel(model: ModelTraits): boolean {
  return /video/i.test(model.architecture) || model.tags.some((tag) => tag.toLowerCase() === "video");
}

/** Architecture ids of the model search, in the words their makers use. */
const ARCHITECTURE_NAMES: Readonly<Record<string, string>> = {
  flux1s: "FLUX.1 Schnell",
  flux1d: "FLUX.1 Dev",
  fluxpro: "FLUX.1 Pro",
  fluxkontext: "FLUX.1 Kontext",
  sd1x: "Stable Diffusion 1.5",
  sd1xlcm: "Stable Diffusion 1.5 LCM",
  sd2x: "Stable Diffusion 2",
  sd3: "Stable Diffusion 3",
  sdxl: "SDXL",
  sdxllcm: "SDXL LCM",
  sdxlturbo: "SDXL Turbo",
  sdxllightning: "SDXL Lightning",
  sdxlhyper: "SDXL Hyper",
  pony: "Pony",
  hidreami1: "HiDream I1",
  video: "video",
};

export function architectureName(architecture: string): string {
  return ARCHITECTURE_NAMES[architecture.toLowerCase()] ?? architecture;
}

/**
 * The warning an add-on model (LoRA, embedding) shows when it was made for another architecture
 * than the base model's, or null when they match or either is unknown.
 */
export function architectureMismatch(
  addon: Pick<ModelInfo, "architecture"> | undefined,
  base: Pick<ModelInfo, "architecture"> | undefined,
): string | null {
  if (!addon?.architecture || !base?.architecture) return null;
  if (addon.architecture.toLowerCase() === base.architecture.toLowerCase()) return null;
  return `Made for ${architectureName(addon.architecture)}; this model is ${architectureName(base.architecture)}: it may have no effect.`;
}
