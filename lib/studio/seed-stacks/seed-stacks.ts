/** "4 seeds", "1 seed": how the studio names a seed stack's size. */
export function seedCountLabel(count: number): string {
  return `${count} ${count === 1 ? "seed" : "seeds"}`;
}

/** The gallery's "Stack seeds" choice, remembered per browser; on unless turned off. */
export const STACK_SEEDS_CHOICE = "gallery.stackSeeds";
