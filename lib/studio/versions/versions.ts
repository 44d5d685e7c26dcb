/**
 * Version stacks, as both sides read them. A generation task sent as a new version of an item
 * carries these studio keys beside the contract's own; the studio takes them off before the task
 * goes to the service.
 */
export const VERSION_KEYS = ["versionOf", "versionComment"] as const;

/** "v3": how the studio names a version everywhere. */
export function versionLabel(version: number): string {
  return `v${version}`;
}

/** "3 versions", "1 version". */
export function versionCount(count: number): string {
  return `${count} ${count === 1 ? "version" : "versions"}`;
}
