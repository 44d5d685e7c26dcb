import { type Family, SUBJECT_DEFS, type SubjectDef } from "./subject-defs";
import type { Element } from "./vocabulary";

/**
 * The subjects the renderer can draw as recognisable things (a fox, a castle, a bicycle), apart
 * from the scene elements of vocabulary.ts (sky, land, water, light). Each subject has a family,
 * which says where it stands and how big it is drawn (subject-layout.ts), and the setting it
 * implies when the prompt names none (a boat floats on water, a cow stands in a meadow).
 * Words are whole words: "catalog" is not a cat. Regular plurals are derived; irregular ones
 * (mice, geese, cacti) are listed.
 */

export type { Family } from "./subject-defs";
export { SUBJECT_DEFS } from "./subject-defs";

export type Subject = keyof typeof SUBJECT_DEFS;
export const SUBJECTS = Object.keys(SUBJECT_DEFS) as Subject[];

export const familyOf = (s: Subject): Family => SUBJECT_DEFS[s].family;
/** The usual setting of a subject, by the word that named it ("polar bear": snow). */
export const settingOf = (s: Subject, word?: string): readonly Element[] => {
  const def = SUBJECT_DEFS[s] as SubjectDef;
  return (word ? def.wordSetting?.[word] : undefined) ?? def.setting ?? [];
};

/** Regular English plurals of a word (fox -> foxes, puppy -> puppies, car -> cars). */
function plurals(word: string): string[] {
  if (word.includes(" ")) {
    const parts = word.split(" ");
    const last = parts.pop() ?? "";
    return plurals(last).map((p) => [...parts, p].join(" "));
  }
  if (/(s|x|z|ch|sh)$/.test(word)) return [`${word}es`];
  if (/[^aeiou]y$/.test(word)) return [`${word.slice(0, -1)}ies`];
  if (word.endsWith("f")) return [`${word}s`, `${word.slice(0, -1)}ves`];
  return [`${word}s`];
}

/** Every word and phrase (with plurals) that names a subject. */
export const SUBJECT_TABLE: ReadonlyMap<string, Subject> = (() => {
  const table = new Map<string, Subject>();
  for (const s of SUBJECTS) {
    for (const w of SUBJECT_DEFS[s].words) {
      if (!table.has(w)) table.set(w, s);
      for (const p of plurals(w)) if (!table.has(p)) table.set(p, s);
    }
  }
  // Plural forms that name something else: many people are a group, "sails" a boat's.
  table.set("men", "group");
  table.set("women", "group");
  table.set("people", "group");
  // Many of them are the scene's own elements: a flock in the sky, a meadow, a forest.
  for (const w of ["birds", "flowers", "trees"]) table.delete(w);
  return table;
})();
