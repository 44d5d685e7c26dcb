/**
 * Prompt history grouped by edits: the prompts one member ran, in time order, become chains where
 * each prompt is an edit of the one before it (most of their words shared). Browser-safe and pure:
 * the page groups whatever pages of history it has loaded, so a chain that crosses a page boundary
 * is still one chain.
 */

/** Two prompts are versions of one idea when at least this share of their words is common. */
export const EDIT_SIMILARITY = 0.5;

/** One task the history lists: what a member ran, when, and what it made. */
export interface PromptRunLike {
  taskUUID: string;
  authorId: string;
  prompt: string;
  /** ISO time the task was sent. */
  createdAt: string;
}

/** One distinct prompt of a chain, with every run of it (newest first). */
export interface PromptVersion<R extends PromptRunLike> {
  prompt: string;
  runs: R[];
}

/** A chain of edits by one member, its versions oldest first. */
export interface PromptChain<R extends PromptRunLike> {
  /** The first run's task: stable while newer versions are added. */
  id: string;
  authorId: string;
  versions: PromptVersion<R>[];
  /** The newest run's time, for ordering chains. */
  lastAt: string;
}

/** The words of a prompt as compared: lowercase, punctuation apart from letters and digits. */
export function promptWords(prompt: string): Set<string> {
  return new Set(
    prompt
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w !== ""),
  );
}

/** Jaccard similarity of two prompts' word sets: 1 for the same words, 0 for none shared. */
export function promptSimilarity(a: string, b: string): number {
  const left = promptWords(a);
  const right = promptWords(b);
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  for (const w of left) if (right.has(w)) shared++;
  return shared / (left.size + right.size - shared);
}

/** Whether `next` reads as an edit of `previous`. */
export function isEdit(previous: string, next: string, threshold = EDIT_SIMILARITY): boolean {
  return promptSimilarity(previous, next) >= threshold;
}

const normalized = (prompt: string) => prompt.replace(/\s+/g, " ").trim();

/**
 * Groups runs (in any order) into chains: per member, in time order, a run joins that member's
 * current chain when its prompt is the chain's last prompt (another run of that version) or an
 * edit of it; otherwise it starts a new chain. Chains come newest activity first.
 */
export function groupPromptRuns<R extends PromptRunLike>(
  runs: readonly R[],
  threshold = EDIT_SIMILARITY,
): PromptChain<R>[] {
  const ordered = [...runs].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.taskUUID.localeCompare(b.taskUUID),
  );
  const open = new Map<string, PromptChain<R>>();
  const chains: PromptChain<R>[] = [];
  for (const run of ordered) {
    const chain = open.get(run.authorId);
    const last = chain?.versions.at(-1);
    if (chain && last && normalized(last.prompt) === normalized(run.prompt)) {
      last.runs.unshift(run);
      chain.lastAt = run.createdAt;
      continue;
    }
    if (chain && last && isEdit(last.prompt, run.prompt, threshold)) {
      chain.versions.push({ prompt: run.prompt, runs: [run] });
      chain.lastAt = run.createdAt;
      continue;
    }
    const next: PromptChain<R> = {
      id: run.taskUUID,
      authorId: run.authorId,
      versions: [{ prompt: run.prompt, runs: [run] }],
      lastAt: run.createdAt,
    };
    open.set(run.authorId, next);
    chains.push(next);
  }
  return chains.sort((a, b) => b.lastAt.localeCompare(a.lastAt) || b.id.localeCompare(a.id));
}
