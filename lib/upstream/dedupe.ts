import "server-only";

/**
 * A set that remembers the last `capacity` keys it was given: a result seen again after more than
 * `capacity` newer ones is taken as new. The capacity is far above the results in flight at once,
 * and a resumed session replays only what completed within its window.
 */
export class RecentKeys {
  private readonly keys = new Set<string>();

  constructor(private readonly capacity: number) {}

  /** True the first time `key` is seen (within the window); false for a repeat. */
  add(key: string): boolean {
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    if (this.keys.size > this.capacity) {
      // Sets iterate in insertion order: the first key is the oldest.
      const oldest = this.keys.values().next();
      if (!oldest.done) this.keys.delete(oldest.value);
    }
    return true;
  }

  get size(): number {
    return this.keys.size;
  }
}
