import type { Rgb } from "../seeded";

/** What a subject painter knows beyond its frame: the prompt's colour for it and the scene's light. */
export interface SubjectLook {
  /** A colour named with the subject ("a red car"), else the painter's natural one. */
  colour?: Rgb;
  /** The word that named it ("pine" draws a conifer, "puppy" a dog). */
  word: string;
  /** A colour of the scene's palette for details (a shirt, a cake's icing). */
  accent: Rgb;
  /** Windows and lamps are lit. */
  lit: boolean;
  windowLight: Rgb;
}
