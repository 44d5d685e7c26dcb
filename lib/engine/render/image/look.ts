import { createHash } from "node:crypto";
import { clamp } from "./canvas";
import {
  blend,
  type ColourMatrix,
  channels,
  composeMatrices,
  contrast,
  hueRotate,
  identity,
  saturation,
  sepia,
} from "./colour-matrix";
import { type Grade, neutralGrade } from "./grade";
import type { Intent } from "./intent";
import type { ImageRenderParams, WeightedModel } from "./params";
import { cfgResponse, type Sampling } from "./sampling";
import { STYLES, type Style } from "./vocabulary";

/**
 * The look of a render: style strengths (prompt style words, then LoRAs) and the grade (CFG,
 * LoRA and embedding colour shifts, VAE response, colour styles, clipSkip abstraction,
 * scheduler noise). A model without a catalogue entry still has a stable character: its AIR id
 * is hashed into a style and a hue direction.
 */

/** Models that are part of a feature rather than a look (layerDiffuse's LoRA and VAE). */
const NEUTRAL_MODELS = new Set(["runware:120@2", "runware:120@4"]);

/** Three stable numbers in 0-1 from an AIR id. */
export function airTraits(air: string): [number, number, number] {
  const d = createHash("sha256").update(air.toLowerCase()).digest();
  return [d.readUInt16LE(0) / 65535, d.readUInt16LE(2) / 65535, d.readUInt16LE(4) / 65535];
}

/** The style a LoRA carries (vivid is left out: every LoRA should be recognisable). */
export function loraStyle(air: string): Style {
  const pick = STYLES.filter((s) => s !== "vivid");
  return pick[Math.floor(airTraits(air)[0] * pick.length)] ?? "watercolor";
}

export function styleStrengths(intent: Intent, lora: WeightedModel[] = []): Map<Style, number> {
  const styles = new Map<Style, number>();
  for (const [s, w] of intent.styles) styles.set(s, clamp(w * w, 0, 1.5));
  for (const l of lora) {
    if (NEUTRAL_MODELS.has(l.model)) continue;
    const s = loraStyle(l.model);
    // Weight 1 gives the style at ~0.8; negative weights steer away from it (and from the prompt's).
    const next = (styles.get(s) ?? 0) + 0.8 * l.weight;
    if (next <= 0) styles.delete(s);
    else styles.set(s, clamp(next, 0, 1.5));
  }
  return styles;
}

function hueFrom(models: WeightedModel[] | undefined, span: number): number {
  let degrees = 0;
  for (const m of models ?? []) {
    if (NEUTRAL_MODELS.has(m.model)) continue;
    degrees += (airTraits(m.model)[1] - 0.5) * 2 * span * m.weight;
  }
  return degrees;
}

export interface LookInput {
  params: ImageRenderParams;
  intent: Intent;
  sampling: Sampling;
  styles: Map<Style, number>;
  random: () => number;
  /** IP-adapter colour transfer, already a matrix (identity without adapters). */
  transfer?: ColourMatrix;
}

export function buildGrade({ params: p, intent, sampling, styles, random, transfer }: LookInput): Grade {
  const g = neutralGrade(Math.floor(random() * 2 ** 31));
  const s = (k: Style) => clamp(styles.get(k) ?? 0);
  let m = transfer ?? identity();
  const cfg = cfgResponse(p.CFGScale ?? 7);
  m = composeMatrices(m, contrast(cfg.contrast));
  m = composeMatrices(m, saturation(cfg.saturation));
  // LoRAs swing hue up to +-35 degrees per unit weight, embeddings +-20 plus a warmth shift.
  let hue = hueFrom(p.lora, 35) + hueFrom(p.embeddings, 20);
  let warmth = 0;
  for (const e of p.embeddings ?? []) warmth += (airTraits(e.model)[2] - 0.5) * 0.16 * e.weight;
  const clipSkip = p.clipSkip ?? 0;
  if (clipSkip > 0) hue += (random() - 0.5) * 24 * clipSkip;
  if (hue !== 0) m = composeMatrices(m, hueRotate(hue));
  if (warmth !== 0) m = composeMatrices(m, channels([1 + warmth, 1, 1 - warmth]));
  let satBoost = 1 + 0.35 * s("vivid") + 0.45 * s("neon") + 0.2 * s("anime");
  const moods = intent.moods;
  satBoost *= 1 + 0.15 * (moods.get("happy") ?? 0) - 0.3 * clamp(moods.get("gloomy") ?? 0);
  m = composeMatrices(
    m,
    saturation(satBoost * (1 - 0.45 * s("pastel")) * (1 - s("monochrome")) * (1 - 0.1 * s("cinematic"))),
  );
  m = composeMatrices(
    m,
    contrast(
      1 +
        0.12 * s("vivid") +
        0.15 * s("cinematic") +
        0.12 * s("monochrome") -
        0.08 * (moods.get("calm") ?? 0),
    ),
  );
  if (s("pastel") > 0)
    m = composeMatrices(
      m,
      channels(
        [1 - 0.3 * s("pastel"), 1 - 0.3 * s("pastel"), 1 - 0.3 * s("pastel")],
        [76 * s("pastel"), 76 * s("pastel"), 80 * s("pastel")],
      ),
    );
  if (s("vintage") > 0) m = composeMatrices(m, sepia(0.6 * s("vintage")));
  if (p.vae && !NEUTRAL_MODELS.has(p.vae)) {
    // A VAE changes colour response: a gamma of 0.88-1.12, a slight white balance, a black level.
    const [a, b, c] = airTraits(p.vae);
    g.gamma = 0.88 + a * 0.24;
    m = composeMatrices(m, channels([1 + (b - 0.5) * 0.08, 1, 1 - (b - 0.5) * 0.08]));
    g.lift = c * 10;
  }
  g.matrix = m;
  g.lift += 20 * s("vintage");
  g.vignette = 0.45 * s("vintage") + 0.4 * s("cinematic") + 0.15 * s("neon");
  g.splitTone = s("cinematic");
  const levels = [
    clipSkip === 1 ? 16 : clipSkip >= 2 ? 7 : 0,
    s("anime") > 0.3 ? 8 : 0,
    s("pixel") > 0.3 ? 6 : 0,
    sampling.family === "lcm" ? 28 : 0,
  ].filter((l) => l > 0);
  g.posterize = levels.length > 0 ? Math.min(...levels) : 0;
  g.avoid = intent.avoidColours;
  g.noise = {
    ...g.noise,
    family: sampling.family,
    karras: sampling.karras,
    artefacts: sampling.cacheArtefacts,
  };
  return g;
}

/** Blend helper for callers that fade a whole look in (hiresfix's refine pass keeps the grade). */
export const fadeMatrix = (m: ColourMatrix, t: number): ColourMatrix => blend(identity(), m, t);
