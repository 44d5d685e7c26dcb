/**
 * @mentions in a comment, by member name: `@Ada Lovelace` names the member called "Ada Lovelace".
 * Shared by the server (which resolves names to ids when a comment is saved) and the comment box
 * (which completes names and highlights them). Names may hold spaces, so the longest name that
 * matches at an `@` wins ("@Ada Lovelace" is not "@Ada" when both are members).
 */

export interface MentionCandidate {
  id: string;
  name: string;
}

const WORD = /[\p{L}\p{N}_]/u;

/** Each `@name` of a member in a text, where it starts, in order. */
function mentionsAt<M extends MentionCandidate>(
  text: string,
  members: readonly M[],
): { at: number; member: M }[] {
  const byLength = [...members]
    .filter((m) => m.name.trim().length > 0)
    .sort((a, b) => b.name.length - a.name.length);
  const lower = text.toLowerCase();
  const out: { at: number; member: M }[] = [];
  for (let at = lower.indexOf("@"); at !== -1; at = lower.indexOf("@", at + 1)) {
    // An @ inside a word (an email address) mentions nobody.
    if (at > 0 && WORD.test(text.charAt(at - 1))) continue;
    const member = byLength.find((m) => {
      const name = m.name.toLowerCase();
      if (!lower.startsWith(name, at + 1)) return false;
      const next = text.charAt(at + 1 + name.length);
      return next === "" || !WORD.test(next);
    });
    if (member) out.push({ at, member });
  }
  return out;
}

/** The members a text names with `@`, each once, in order of first mention. */
export function mentionedMembers<M extends MentionCandidate>(text: string, members: readonly M[]): M[] {
  const found = new Map<string, M>();
  for (const { member } of mentionsAt(text, members)) if (!found.has(member.id)) found.set(member.id, member);
  return [...found.values()];
}

/** The text with every `@name` of a member written as `replacement`: for readers who may not know who. */
export function maskMentions(
  text: string,
  members: readonly MentionCandidate[],
  replacement: string,
): string {
  let out = "";
  let from = 0;
  for (const { at, member } of mentionsAt(text, members)) {
    if (at < from) continue;
    out += `${text.slice(from, at)}${replacement}`;
    from = at + 1 + member.name.length;
  }
  return out + text.slice(from);
}

/**
 * The name being typed after an `@` just before the caret, for completion: null when the caret
 * is not in a mention. `start` is the index of the `@`.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf("@");
  if (at === -1) return null;
  if (at > 0 && WORD.test(before.charAt(at - 1))) return null;
  const query = before.slice(at + 1);
  // Names have at most a few words; a newline or a long run ends the mention.
  if (query.includes("\n") || query.length > 40) return null;
  return { start: at, query };
}
