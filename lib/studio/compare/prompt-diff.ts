import { diffWordsWithSpace } from "diff";

/**
 * A word-level diff of two prompts, for the compare page: what the other prompt kept, added and
 * removed against the reference. Pure (no server or browser imports), so tests and pages share it.
 */

export type DiffRunKind = "same" | "added" | "removed";

export interface DiffRun {
  kind: DiffRunKind;
  text: string;
}

/**
 * The runs that turn `reference` into `other`, in reading order. A change of spacing alone is no
 * change a person reads (two spaces for one, a trailing newline), so it is shown as the other
 * prompt's text; adjacent runs of one kind are joined.
 */
export function promptDiff(
  reference: string | null | undefined,
  other: string | null | undefined,
): DiffRun[] {
  const before = reference ?? "";
  const after = other ?? "";
  if (before === "" && after === "") return [];
  const runs: DiffRun[] = [];
  for (const change of diffWordsWithSpace(before, after)) {
    const blank = change.value.trim() === "";
    let kind: DiffRunKind = change.added ? "added" : change.removed ? "removed" : "same";
    if (blank && kind !== "same") {
      // Spacing the other prompt dropped is not shown; spacing it has is shown as plain text.
      if (kind === "removed") continue;
      kind = "same";
    }
    push(runs, kind, change.value);
  }
  return runs;
}

function push(runs: DiffRun[], kind: DiffRunKind, text: string): void {
  if (text === "") return;
  const last = runs.at(-1);
  if (last && last.kind === kind) last.text += text;
  else runs.push({ kind, text });
}

/** True when the other prompt reads the same as the reference (spacing aside). */
export function samePrompt(runs: readonly DiffRun[]): boolean {
  return runs.every((run) => run.kind === "same");
}
