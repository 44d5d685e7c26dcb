import { seededRandom } from "./seeded-random";

/**
 * `settings.promptExtend`: a deterministic rewrite standing in for the service's language-model
 * rewrite. It appends a camera move (only when the prompt names none), a lighting phrase (only
 * when it names no time of day) and a style, each picked by the seed, so every result of a task
 * gets its own variation and the same seed always the same text. The rewritten prompt is what
 * the renderer reads, so the added camera phrase really moves the camera.
 */

const CAMERA = ["slow zoom in", "slow pan left", "gentle pan right", "dolly in", "slow zoom out", "tilt up"];
const LIGHT = [
  "at golden hour sunset",
  "under a starry night sky",
  "in soft morning light at dawn",
  "on a clear bright day",
];
const STYLE = [
  "cinematic",
  "flat vector motion graphics",
  "dreamy atmosphere",
  "vivid colours",
  "calm and serene",
];

const NAMES_CAMERA =
  /\b(zoom|pan|panning|dolly|tilt|push(es|ing)? in|pull(s|ing)? back|static|tracking|handheld|orbit)\b/i;
const NAMES_LIGHT =
  /\b(sunset|sunrise|dawn|dusk|night|midnight|noon|day|daylight|morning|evening|twilight|golden hour|neon)\b/i;

export function extendPrompt(prompt: string, seed: number): string {
  const random = seededRandom(`extend\u0000${prompt.trim().toLowerCase()}`, seed);
  const pick = (list: readonly string[]) => list[Math.floor(random() * list.length)] ?? list[0] ?? "";
  const base = prompt.trim().replace(/[\s,.;]+$/, "");
  const camera = pick(CAMERA);
  const light = pick(LIGHT);
  const style = pick(STYLE);
  const parts = [base];
  if (!NAMES_CAMERA.test(base)) parts.push(camera);
  if (!NAMES_LIGHT.test(base)) parts.push(light);
  parts.push(style);
  return parts.join(", ");
}
