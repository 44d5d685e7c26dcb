import type { Scene } from "./scene";
import { seededRandom } from "./seeded-random";

/**
 * The shot's timeline, shared by picture and sound: the tempo (which follows the scene's speed)
 * and the moments where something happens (a lightning flash, a title card, a cross-dissolve, a
 * reference card arriving). Events sit on beats, and the soundtrack swells into each one, so
 * sound and picture meet.
 */

export type EventKind = "flash" | "title" | "dissolve" | "card";

export interface TimelineEvent {
  /** Seconds from the start. */
  at: number;
  kind: EventKind;
}

export interface Timeline {
  seconds: number;
  bpm: number;
  events: TimelineEvent[];
}

export interface TimelineInputs {
  title: boolean;
  /** Reference-image cards (each arrives on its own beat). */
  cards: number;
  /** First and last frame images: the dissolve between them. */
  dissolve: boolean;
}

export function beatSeconds(bpm: number): number {
  return 60 / bpm;
}

export function buildTimeline(scene: Scene, seed: number, seconds: number, inputs: TimelineInputs): Timeline {
  const rnd = seededRandom("timeline", seed);
  // Slow scenes breathe at 72 bpm, normal ones walk at 96, fast ones run at 128.
  const bpm = scene.speed < 1 ? 72 : scene.speed > 1 ? 128 : 96;
  const beat = beatSeconds(bpm);
  const onBeat = (s: number) => Math.min(seconds - beat / 2, Math.max(beat, Math.round(s / beat) * beat));
  const events: TimelineEvent[] = [];
  if (inputs.title) events.push({ at: onBeat(Math.min(1, seconds * 0.12)), kind: "title" });
  if (inputs.dissolve) events.push({ at: seconds / 2, kind: "dissolve" });
  for (let i = 0; i < inputs.cards; i++) {
    events.push({
      at: onBeat(inputs.cards === 1 ? seconds * 0.1 : (seconds * (i + 0.5)) / inputs.cards - 0.6),
      kind: "card",
    });
  }
  if (scene.lightning) {
    const flashes = Math.max(1, Math.round(seconds / 3));
    for (let i = 0; i < flashes; i++)
      events.push({ at: onBeat(((i + 0.3 + rnd() * 0.5) / flashes) * seconds), kind: "flash" });
  }
  events.sort((a, b) => a.at - b.at);
  return { seconds, bpm, events };
}
