import { BLANK_PROMPT } from "@/lib/protocol/blank-prompt";
import type { Rgb } from "../shared/seeded";
import { COLOURS } from "./colour-words";
import { parsePrompt, type WeightedWord } from "./prompt-syntax";
import { SUBJECT_TABLE, type Subject, settingOf } from "./subjects";
import {
  ELEMENT_WORDS,
  type Element,
  MOOD_WORDS,
  type Mood,
  STYLE_WORDS,
  type Style,
  TIME_WORDS,
  type TimeOfDay,
} from "./vocabulary";

/**
 * What a prompt asks for, read against the vocabulary: each element, colour, time, style and mood
 * with a weight (its words' attention weights; a repeated word counts a little more). The
 * negative prompt is read the same way and subtracts: a named element is not drawn, a named
 * colour is suppressed (grade.ts), a named style is weakened.
 */
export interface WeightedColour {
  rgb: Rgb;
  weight: number;
}

/** A subject the prompt names: its weight, the word that named it and a colour said with it. */
export interface SubjectMention {
  weight: number;
  word: string;
  /** "a black cat": a colour word just before the subject's word. */
  colour?: Rgb;
  /** Position of its first word in the prompt: ties in weight go to the first named. */
  order: number;
  /** Other words naming more of the same subject ("a man and a child": child). */
  also?: string[];
}

export interface Intent {
  /** `__BLANK__` or nothing readable: no text guidance. */
  blank: boolean;
  elements: Map<Element, number>;
  /** Things to draw (subjects.ts), main one first. */
  subjects: Map<Subject, SubjectMention>;
  colours: WeightedColour[];
  avoidColours: WeightedColour[];
  times: Map<TimeOfDay, number>;
  styles: Map<Style, number>;
  moods: Map<Mood, number>;
  /** "underwater", "a coral reef": the scene is under the surface. */
  underwater: boolean;
  /** Words the vocabulary does not know: they still vary the picture through the seed hash. */
  unknownWords: string[];
}

type Table<K extends string> = Map<string, K>;

function table<K extends string>(source: Record<K, readonly string[]>): Table<K> {
  const map: Table<K> = new Map();
  for (const [key, list] of Object.entries(source) as [K, readonly string[]][]) {
    for (const phrase of list) if (!map.has(phrase)) map.set(phrase, key);
  }
  return map;
}

const ELEMENT_TABLE = table(ELEMENT_WORDS);
const TIME_TABLE = table(TIME_WORDS);
const STYLE_TABLE = table(STYLE_WORDS);
const MOOD_TABLE = table(MOOD_WORDS);
/** Words that put the scene under the sea. */
const UNDERWATER = new Set([
  "underwater",
  "undersea",
  "under water",
  "under the sea",
  "coral",
  "corals",
  "reef",
  "coral reef",
  "seabed",
  "sea floor",
  "ocean floor",
  "aquarium",
  "deep sea",
  "deep ocean",
]);
const STOP = new Set(
  "a an the of in on at with and or to for by from over under near into its his her their is are very some this that".split(
    " ",
  ),
);

interface Match {
  phrase: string;
  weight: number;
  /** Index of its first word. */
  at: number;
}

/** Every 1-3 word phrase of the prompt with the mean weight of its words. */
function phrases(words: WeightedWord[]): Match[] {
  const out: Match[] = [];
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= 3 && i + n <= words.length; n++) {
      const slice = words.slice(i, i + n);
      out.push({
        phrase: slice.map((w) => w.word).join(" "),
        weight: slice.reduce((a, w) => a + w.weight, 0) / n,
        at: i,
      });
    }
  }
  return out;
}

function accumulate<K>(map: Map<K, number>, key: K, weight: number): void {
  const prev = map.get(key);
  // First mention sets the weight; repeats add a little ("sunset, sun, golden sun" leans harder).
  map.set(key, prev === undefined ? weight : Math.max(prev, weight) + 0.15 * weight);
}

function read(words: WeightedWord[]) {
  const elements = new Map<Element, number>();
  const times = new Map<TimeOfDay, number>();
  const styles = new Map<Style, number>();
  const moods = new Map<Mood, number>();
  const colours: WeightedColour[] = [];
  const subjects = new Map<Subject, SubjectMention>();
  const known = new Set<string>();
  let underwater = false;
  for (const { phrase, weight, at } of phrases(words)) {
    const subject = SUBJECT_TABLE.get(phrase);
    if (subject) {
      const prev = subjects.get(subject);
      const colour = COLOURS[words[at - 1]?.word ?? ""] ?? COLOURS[words[at - 2]?.word ?? ""];
      // Another word for another one of them ("a man and a child"), not a part of a phrase
      // already read ("polar bear", then "bear") nor the same word again.
      const named = prev ? [prev.word, ...(prev.also ?? [])] : [];
      const another =
        prev !== undefined &&
        !named.some(
          (w) => w === phrase || ` ${w} `.includes(` ${phrase} `) || ` ${phrase} `.includes(` ${w} `),
        );
      const also = another ? [...(prev?.also ?? []), phrase] : prev?.also;
      subjects.set(subject, {
        weight: prev ? Math.max(prev.weight, weight) + 0.15 * weight : weight,
        word: prev?.word ?? phrase,
        order: prev?.order ?? at,
        ...((prev?.colour ?? colour) ? { colour: prev?.colour ?? colour } : {}),
        ...(also ? { also } : {}),
      });
    }
    const element = ELEMENT_TABLE.get(phrase);
    const time = TIME_TABLE.get(phrase);
    const style = STYLE_TABLE.get(phrase);
    const mood = MOOD_TABLE.get(phrase);
    const colour = COLOURS[phrase];
    const below = UNDERWATER.has(phrase);
    if (below) underwater = true;
    if (element) accumulate(elements, element, weight);
    if (time) accumulate(times, time, weight);
    if (style) accumulate(styles, style, weight);
    if (mood) accumulate(moods, mood, weight);
    if (colour) colours.push({ rgb: colour, weight });
    if (subject || element || time || style || mood || colour || below)
      for (const w of phrase.split(" ")) known.add(w);
  }
  const unknownWords = words.map((w) => w.word).filter((w) => !known.has(w) && !STOP.has(w) && w.length > 2);
  return { elements, subjects, times, styles, moods, colours, unknownWords, underwater };
}

export function readIntent(
  prompt: string,
  negative: string | undefined,
  weighting?: "compel" | "sdEmbeds",
): Intent {
  const text = prompt === BLANK_PROMPT ? "" : prompt;
  const pos = read(parsePrompt(text, weighting));
  const neg = read(parsePrompt(negative ?? "", weighting));
  const elements = new Map(pos.elements);
  for (const [e, w] of neg.elements) {
    const left = (elements.get(e) ?? 0) - w;
    if (left <= 0.05) elements.delete(e);
    else elements.set(e, left);
  }
  const styles = new Map(pos.styles);
  for (const [s, w] of neg.styles) {
    const left = (styles.get(s) ?? 0) - w;
    if (left <= 0.05) styles.delete(s);
    else styles.set(s, left);
  }
  // A beach is the shore of a sea.
  if (elements.has("beach") && !elements.has("sea")) elements.set("sea", elements.get("beach") ?? 1);
  const times = new Map(pos.times);
  for (const t of neg.times.keys()) times.delete(t);
  const blank = text.trim() === "";
  const subjects = new Map(
    [...pos.subjects]
      .filter(([s, m]) => m.weight - (neg.subjects.get(s)?.weight ?? 0) > 0.05)
      .sort(([, a], [, b]) => b.weight - a.weight || a.order - b.order),
  );
  // A subject brings its usual setting when the prompt names no land or water of its own.
  const LAND: Element[] = ["sea", "beach", "mountains", "hills", "city", "forest", "desert", "snow"];
  const [main] = subjects;
  if (main && !LAND.some((e) => elements.has(e))) {
    for (const e of settingOf(main[0], main[1].word)) if (!neg.elements.has(e)) elements.set(e, 0.8);
  }
  // Words the vocabulary cannot place get an honest abstract composition in the prompt's colours,
  // never some other subject standing in for them.
  if (!blank && elements.size === 0 && subjects.size === 0 && pos.unknownWords.length > 0) {
    if (!neg.elements.has("abstract")) elements.set("abstract", 1);
  }
  return {
    blank,
    elements,
    subjects,
    colours: pos.colours,
    avoidColours: neg.colours,
    times,
    styles,
    moods: pos.moods,
    underwater: pos.underwater,
    unknownWords: pos.unknownWords,
  };
}
