/** The bounds a typed number is brought within: the contract's, or what is left of them. */
export interface SnapBounds {
  min: number;
  max: number;
  multipleOf: number;
}

/**
 * What bringing a typed number within its bounds changed, in words for its field to say at once
 * ("Width set to 2048, the largest allowed."); nothing when the number was kept. Every field that
 * snaps or clamps what was typed says it with these words, so a person meets one way of saying it.
 */
export function snapNote(name: string, typed: number, value: number, bounds: SnapBounds): string | null {
  if (typed === value) return null;
  const why =
    typed > bounds.max
      ? "the largest allowed"
      : typed < bounds.min
        ? "the smallest allowed"
        : `the nearest multiple of ${bounds.multipleOf}`;
  return `${name} set to ${value}, ${why}.`;
}
