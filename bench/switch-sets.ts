/**
 * Sets of Chromium switches to compare (bench:page-load's PAGE_LOAD_ARGS_B): written as a person
 * types them in a shell variable, applied to the browser tests' own set.
 *
 * Chromium keeps only the last of a repeated switch, and Playwright passes its own
 * `--enable-features` and `--disable-features` first: a set that names features replaces
 * Playwright's lists unless it repeats them (chromiumSwitches in playwright-core).
 */

/** The switches in `text`: its words, a double-quoted part kept whole with its quotes dropped. */
export function switchesOf(text: string): string[] {
  return (text.match(/(?:[^\s"]+|"[^"]*")+/g) ?? []).map((word) => word.replaceAll('"', ""));
}

/** `base` with `changes` applied: `!--switch` drops that switch from it, any other is added. */
export function argsWith(base: readonly string[], changes: readonly string[]): string[] {
  const dropped = new Set(changes.filter((c) => c.startsWith("!")).map((c) => c.slice(1)));
  return [...base.filter((arg) => !dropped.has(arg)), ...changes.filter((c) => !c.startsWith("!"))];
}
