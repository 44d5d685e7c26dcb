/**
 * Prompt weighting syntax, turned into words with weights (1 = normal attention).
 *
 * - compel: `word+` / `word-` multiply by 1.1 / 0.9 per sign (compel's own factors), `(text)1.3`
 *   sets a weight, `(text)++` raises a group, `("a", "b").blend(0.7, 0.3)` merges prompts in
 *   proportion, `("a", "b").and()` joins clauses at equal weight.
 * - sdEmbeds (the A1111 convention): `(text)` x1.1, `((text))` x1.21, `[text]` /1.1,
 *   `(text:1.4)` sets a multiplier.
 * Without `promptWeighting` the syntax characters are plain text and every word weighs 1.
 */
export interface WeightedWord {
  word: string;
  weight: number;
}

const WORD = /[a-z0-9']+(?:-[a-z0-9]+)*/g;
const UP = 1.1;
const DOWN = 0.9;

function words(text: string, weight: number): WeightedWord[] {
  return (text.toLowerCase().match(WORD) ?? []).map((word) => ({ word, weight }));
}

/** Index of the bracket closing the one at `open`, or -1. */
function closing(s: string, open: number, o: string, c: string): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === o) depth++;
    else if (s[i] === c && --depth === 0) return i;
  }
  return -1;
}

/** Splits on commas outside brackets and quotes. */
function topLevelParts(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = false;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '"') quote = !quote;
    else if (!quote && (ch === "(" || ch === "[")) depth++;
    else if (!quote && (ch === ")" || ch === "]")) depth--;
    else if (!quote && depth === 0 && ch === ",") {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(s.slice(start));
  return parts.map((p) => p.trim().replace(/^"|"$/g, ""));
}

const signFactor = (signs: string) =>
  [...signs].reduce((w, ch) => w * (ch === "+" ? UP : ch === "-" ? DOWN : 1), 1);

function parseCompel(s: string, outer: number): WeightedWord[] {
  const combo = /^\s*\((.*)\)\s*\.(and|blend)\(([^)]*)\)\s*$/s.exec(s);
  if (combo) {
    const parts = topLevelParts(combo[1] ?? "");
    const given = (combo[3] ?? "")
      .split(",")
      .map(Number)
      .filter((n) => Number.isFinite(n));
    const weights = combo[2] === "blend" && given.length === parts.length ? given : parts.map(() => 1);
    const mean = weights.reduce((a, b) => a + b, 0) / weights.length || 1;
    return parts.flatMap((p, i) => parseCompel(p, (outer * (weights[i] ?? 1)) / mean));
  }
  const out: WeightedWord[] = [];
  let i = 0;
  while (i < s.length) {
    const ch = s[i];
    if (ch === "(") {
      const end = closing(s, i, "(", ")");
      if (end < 0) {
        out.push(...words(s.slice(i + 1), outer));
        break;
      }
      const after = /^(\d*\.?\d+|[+-]+)?/.exec(s.slice(end + 1))?.[1] ?? "";
      const weight = after === "" ? 1 : /[+-]/.test(after) ? signFactor(after) : Number(after);
      out.push(...parseCompel(s.slice(i + 1, end), outer * weight));
      i = end + 1 + after.length;
      continue;
    }
    const m = /^([^\s()]+?)([+-]+)?(?=[\s(),.;]|$)/.exec(s.slice(i));
    if (m?.[0]) {
      out.push(...words(m[1] ?? "", outer * signFactor(m[2] ?? "")));
      i += m[0].length;
      continue;
    }
    i++;
  }
  return out;
}

function parseSdEmbeds(s: string, outer: number): WeightedWord[] {
  const out: WeightedWord[] = [];
  let plainStart = 0;
  const flush = (end: number) => out.push(...words(s.slice(plainStart, end), outer));
  let i = 0;
  while (i < s.length) {
    const ch = s[i];
    if (ch === "(" || ch === "[") {
      const end = closing(s, i, ch, ch === "(" ? ")" : "]");
      if (end < 0) break;
      flush(i);
      let inner = s.slice(i + 1, end);
      let weight = ch === "(" ? UP : 1 / UP;
      const explicit = /:\s*(\d*\.?\d+)\s*$/.exec(inner);
      if (ch === "(" && explicit) {
        weight = Number(explicit[1]);
        inner = inner.slice(0, explicit.index);
      }
      out.push(...parseSdEmbeds(inner, outer * weight));
      i = end + 1;
      plainStart = i;
      continue;
    }
    i++;
  }
  flush(s.length);
  return out;
}

export function parsePrompt(prompt: string, weighting?: "compel" | "sdEmbeds"): WeightedWord[] {
  if (weighting === "compel") return parseCompel(prompt, 1);
  if (weighting === "sdEmbeds") return parseSdEmbeds(prompt, 1);
  return words(prompt, 1);
}
