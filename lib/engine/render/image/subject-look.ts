import type { Rgb } from "../shared/seeded";

/**
 * How a subject stands, drawn from the seed: the same prompt with another seed turns the head,
 * moves the legs and leans the body. Each value is -1..1 (0 the rest pose); painters use what
 * their subject can do (a fox lowers its head to sniff, a person raises an arm).
 */
export interface Pose {
  /** Head lowered (-1) or raised (1). */
  head: number;
  /** Legs: -1 and 1 are the two phases of a stride, 0 standing square. */
  stride: number;
  /** Body leaning back (-1) or forward (1). */
  lean: number;
  /** 0-1: picks between a painter's alternatives (sitting or standing, wings up or down). */
  variant: number;
}

export const REST_POSE: Pose = { head: 0, stride: 0, lean: 0, variant: 0 };

/** What a subject painter knows beyond its frame: the prompt's colour for it and the scene's light. */
export interface SubjectLook {
  /** A colour named with the subject ("a red car"), else the painter's natural one. */
  colour?: Rgb;
  /** The word that named it ("pine" draws a conifer, "puppy" a dog). */
  word: string;
  /** Other words naming more of the same subject: "a man and a child" draws both. */
  also?: string[];
  /** A colour of the scene's palette for details (a shirt, a cake's icing). */
  accent: Rgb;
  /** Windows and lamps are lit. */
  lit: boolean;
  windowLight: Rgb;
  /** The seed's pose (REST_POSE when a caller has none). */
  pose: Pose;
}
