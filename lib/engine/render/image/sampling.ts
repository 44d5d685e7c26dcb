import { clamp } from "./canvas";
import type { AcceleratorSettings, ImageRenderParams } from "./params";

/**
 * How the "sampler" settings become rendering effort: steps, acceleration presets and cache
 * options give the effective step count, which sets the internal resolution and the detail
 * octaves (fewer effective steps: less detail, and really faster); the scheduler's family sets the
 * texture of the residual noise; refiner and hiresfix add detail late.
 */

export type SchedulerFamily =
  | "euler"
  | "dpm"
  | "sde"
  | "ancestral"
  | "ddim"
  | "lcm"
  | "heun"
  | "lms"
  | "unipc";

export interface Sampling {
  steps: number;
  /** Steps really computed once caching skips some. */
  effectiveSteps: number;
  /** 0-1: fraction of steps served from cache. */
  cacheSkip: number;
  family: SchedulerFamily;
  karras: boolean;
  /** Caching with a stochastic scheduler leaves blotches (the contract warns against it): 0-1. */
  cacheArtefacts: number;
  /** 0-1 from effective steps: drives resolution, octaves and sharpness. */
  detail: number;
  /** 0-1: share of the steps the refiner runs. */
  refine: number;
  hiresfix: boolean;
}

export function schedulerFamily(name: string | undefined): { family: SchedulerFamily; karras: boolean } {
  const n = (name ?? "").toLowerCase();
  const karras = n.includes("karras");
  const family: SchedulerFamily =
    n.includes("ancestral") || /(^|[\s_])a($|[\s_])/.test(n) || n.endsWith("_a")
      ? "ancestral"
      : n.includes("sde")
        ? "sde"
        : n.includes("dpm")
          ? "dpm"
          : n.includes("ddim") || n.includes("ddpm")
            ? "ddim"
            : n.includes("lcm") || n.includes("turbo")
              ? "lcm"
              : n.includes("heun")
                ? "heun"
                : n.includes("lms")
                  ? "lms"
                  : n.includes("unipc")
                    ? "unipc"
                    : "euler";
  return { family, karras };
}

/** Cache settings each acceleration preset implies (explicit acceleratorOptions override them). */
const PRESET_CACHE: Record<NonNullable<ImageRenderParams["acceleration"]>, AcceleratorSettings> = {
  none: {},
  low: { fbCache: true, fbCacheThreshold: 0.1 },
  medium: { fbCache: true, fbCacheThreshold: 0.2, teaCache: true, teaCacheDistance: 0.3 },
  high: { fbCache: true, fbCacheThreshold: 0.3, teaCache: true, teaCacheDistance: 0.6 },
};

/** Fraction of steps a cache configuration skips. */
export function cacheSkipFraction(o: AcceleratorSettings, steps: number): number {
  // Rough shares from the caches' published speed-ups: TeaCache ~1.6x at distance 0.5,
  // first-block cache ~1.4x at threshold 0.25, DeepCache ~2x at interval 3.
  const parts: number[] = [];
  if (o.teaCache) parts.push(0.6 * (o.teaCacheDistance ?? 0.5));
  if (o.fbCache) parts.push(1.2 * (o.fbCacheThreshold ?? 0.25));
  if (o.deepCache) parts.push(0.8 * (1 - 1 / Math.max(1, o.deepCacheInterval ?? 3)));
  if (parts.length === 0) return 0;
  let skip = 1 - parts.reduce((keep, s) => keep * (1 - clamp(s, 0, 0.9)), 1);
  const start =
    o.cacheStartStep !== undefined ? o.cacheStartStep / steps : (o.cacheStartStepPercentage ?? 0) / 100;
  const end = o.cacheEndStep !== undefined ? o.cacheEndStep / steps : (o.cacheEndStepPercentage ?? 100) / 100;
  skip *= clamp(end - start, 0, 1);
  // At most `max` cached steps in a row, then one computed: caps the skipped share.
  const max = o.cacheMaxConsecutiveSteps ?? 3;
  return clamp(skip, 0, max / (max + 1));
}

export function samplingOf(p: ImageRenderParams): Sampling {
  const steps = Math.max(1, Math.round(p.steps ?? 20));
  const options = { ...PRESET_CACHE[p.acceleration ?? "none"], ...(p.acceleratorOptions ?? {}) };
  const cacheSkip = cacheSkipFraction(options, steps);
  const effectiveSteps = Math.max(1, steps * (1 - cacheSkip));
  const { family, karras } = schedulerFamily(p.scheduler);
  const stochastic = family === "sde" || family === "ancestral";
  let refine = 0;
  if (p.refiner) {
    const start =
      p.refiner.startStep !== undefined
        ? p.refiner.startStep / steps
        : (p.refiner.startStepPercentage ?? 80) / 100;
    refine = clamp(1 - start, 0, 1);
  }
  return {
    steps,
    effectiveSteps,
    cacheSkip,
    family,
    karras,
    cacheArtefacts: stochastic ? cacheSkip : 0,
    // Detail saturates like a diffusion model's: most structure by ~20 steps, little after ~40.
    // A refiner's extra pass adds fine detail on top (up to +0.3 when it runs every step).
    detail: clamp(1 - Math.exp(-effectiveSteps / 9) + 0.3 * refine),
    refine,
    hiresfix: p.hiresfix === true,
  };
}

/**
 * The internal scale: output size / k, k a power of two (sizes are multiples of 64, so every k up
 * to 64 divides them and the encoder's nearest-neighbour upscale stays on its fast integer path).
 * The internal long side is at most 128 px below 3 effective steps, 256 px below 28, 512 px from
 * 28 on (so more steps cost more time, as on a real model); hiresfix doubles it for its second
 * stage.
 */
export function internalScale(width: number, height: number, s: Sampling): number {
  const long = Math.max(width, height);
  const tier = s.effectiveSteps < 3 ? 128 : s.effectiveSteps < 28 ? 256 : 512;
  const target = tier * (s.hiresfix ? 2 : 1);
  let k = 1;
  while (k < 64 && long / k > target) k *= 2;
  return k;
}

/** CFG: 7 is neutral; lower washes out, higher pushes contrast and saturation (and burns past ~20). */
export function cfgResponse(cfg: number): { contrast: number; saturation: number } {
  const t = Math.tanh((cfg - 7) / 7);
  return { contrast: 1 + 0.42 * t, saturation: 1 + 0.6 * t };
}
