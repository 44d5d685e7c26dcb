/**
 * What a model is for, from what `modelSearch` says of it (docs/real-service.md, "Other task
 * types"): its
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
  flux1kontext: "FLUX.1 Kontext",
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
 * Architectures whose add-ons load on one another: variants of one base network, distilled or
 * sped up, keep its layers, so a LoRA made for FLUX.1 Dev works on FLUX.1 Schnell, and one made
 * for SDXL on SDXL Turbo. Pony and the Stable Diffusion 3 line have their own.
 */
const FAMILIES: Readonly<Record<string, string>> = {
  flux1s: "flux1",
  flux1d: "flux1",
  fluxpro: "flux1",
  flux1kontext: "flux1",
  sdxl: "sdxl",
  sdxllcm: "sdxl",
  sdxlturbo: "sdxl",
  sdxllightning: "sdxl",
  sdxlhyper: "sdxl",
  sd1x: "sd1x",
  sd1xlcm: "sd1x",
};

const FAMILY_NAMES: Readonly<Record<string, string>> = {
  flux1: "FLUX.1",
  sdxl: "SDXL",
  sd1x: "Stable Diffusion 1.5",
};

/** The family an architecture's add-ons share (itself when it has no known kin). */
export function architectureFamily(architecture: string): string {
  const id = architecture.toLowerCase();
  return FAMILIES[id] ?? id;
}

/** A family in words: "FLUX.1", "SDXL". */
export function familyName(architecture: string): string {
  const family = architectureFamily(architecture);
  return FAMILY_NAMES[family] ?? architectureName(architecture);
}

/** Whether an add-on was made for the base model's family (true while either is unknown). */
export function fitsFamily(addon: string | undefined, base: string | undefined): boolean {
  return !addon || !base || architectureFamily(addon) === architectureFamily(base);
}

/**
 * Models made for the base model's family first, the rest after, each group in the order given:
 * what a picker offers when a LoRA or embedding is chosen for a checkpoint.
 */
export function familyFirst<T extends Pick<ModelInfo, "architecture">>(
  models: readonly T[],
  base: string | undefined,
): T[] {
  if (!base) return [...models];
  return [
    ...models.filter((m) => fitsFamily(m.architecture, base)),
    ...models.filter((m) => !fitsFamily(m.architecture, base)),
  ];
}

/**
 * The warning an add-on model (LoRA, embedding) shows when it was made for another family than
 * the base model's, or null when they fit or either is unknown.
 */
export function architectureMismatch(
  addon: Pick<ModelInfo, "architecture"> | undefined,
  base: Pick<ModelInfo, "architecture"> | undefined,
): string | null {
  if (!addon?.architecture || !base?.architecture) return null;
  if (fitsFamily(addon.architecture, base.architecture)) return null;
  return `Made for ${architectureName(addon.architecture)}; this model is ${architectureName(base.architecture)}: it may have no effect.`;
}
