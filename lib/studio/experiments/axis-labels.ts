import { promptDiff } from "@/lib/studio/compare/prompt-diff";

/**
 * Short labels for an axis of whole prompts that tell its values apart: the words in which each
 * prompt differs from the others, the words they share elided ("…under a stormy sky" beside
 * "…at night" for two castles on a hill). Cutting a long prompt at a fixed length would keep the
 * shared start and cut exactly the words that differ. Browser-safe.
 */

const ELLIPSIS = "…";
/** A shared run this short between two changes stays: "red fox in the snow" reads better than "red…snow". */
const KEEP_SHARED_WORDS = 2;

const words = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;

/** Which characters of `text` differ from at least one of `others`. */
function differing(text: string, others: readonly string[]): boolean[] {
  const marks = Array.from({ length: text.length }, () => false);
  for (const other of others) {
    if (other === text) continue;
    let at = 0;
    for (const run of promptDiff(other, text)) {
      if (run.kind === "removed") continue;
      if (run.kind === "added") for (let i = at; i < at + run.text.length; i++) marks[i] = true;
      at += run.text.length;
    }
  }
  return marks;
}

/** The label of one text: its differing spans, shared runs elided (or kept when short and inside). */
function distinct(text: string, marks: readonly boolean[]): string {
  const spans: { same: boolean; text: string }[] = [];
  for (let i = 0; i < text.length; i++) {
    const same = !marks[i];
    const last = spans.at(-1);
    if (last && last.same === same) last.text += text[i];
    else spans.push({ same, text: text[i] as string });
  }
  if (!spans.some((s) => !s.same && s.text.trim() !== "")) return text.trim();
  let out = "";
  spans.forEach((span, i) => {
    if (!span.same) {
      out += span.text;
      return;
    }
    const inside = i > 0 && i < spans.length - 1;
    if (span.text.trim() === "" || (inside && words(span.text) <= KEEP_SHARED_WORDS)) out += span.text;
    else out += inside ? ` ${ELLIPSIS} ` : ELLIPSIS;
  });
  return out
    .replace(/\s+/g, " ")
    .replace(/\s*…\s*$/, ELLIPSIS)
    .replace(/^\s*…\s*/, ELLIPSIS)
    .trim();
}

/** For each text, what sets it apart from the others (the whole text when nothing does). */
export function distinctLabels(texts: readonly string[]): string[] {
  if (new Set(texts).size < 2) return [...texts];
  return texts.map((text) => distinct(text, differing(text, texts)));
}

/** What the grid shows on an axis's edge: the differing words of whole prompts, else its labels. */
export function edgeLabels(axis: { kind: string; labels: string[]; titles: string[] }): string[] {
  return axis.kind === "prompts" ? distinctLabels(axis.titles) : axis.labels;
}
