import { BLANK_PROMPT } from "@/lib/protocol/blank-prompt";
import { readIntent } from "./intent";

/**
 * The words of a prompt that name something the renderer has no drawing for ("a narwhal": it
 * paints the sea and no narwhal), so the studio can say so beside the result instead of dropping
 * them silently. Only words that look like things are reported: the vocabulary's own words
 * (subjects, elements, light, colours, styles, moods) are drawn, and stopwords, adjectives, verbs,
 * quality and camera jargon are not things.
 */

/** Words that are never subjects: qualities, camera and render jargon, common verbs and adverbs. */
const NOT_THINGS = new Set(
  `beautiful cute little small big large huge giant tiny old young ancient majestic lone lonely tall
  short long wide realistic hyperrealistic hyper ultra highly high low best quality masterpiece
  artstation trending unreal engine octane render rendering resolution concept art artwork style
  digital shot lens bokeh depth lighting light lights volumetric studio professional award stunning
  amazing intricate elegant fantasy magical mystical surreal closeup angle view background
  foreground scene made make wearing holding full body half close far distant detail details
  centered symmetrical composition focus dslr canon nikon sony kodak portra fujifilm cinema
  real life alone together one two three four five six seven eight nine ten many few several
  front back side top bottom left right middle center centre under above below behind between
  inside outside beside besides against along among amid near next into onto upon across through around toward towards without within
  while where when then than there here very really quite just also only like as so too but not
  no yes all every each both either neither other another same such own new deep huge massive
  tiny strange weird fancy lovely pretty ugly scary spooky creepy fluffy furry shiny glossy matte
  smooth rough hard wet dry hot heavy light thin thick fat slim sleek modern futuristic medieval
  gothic baroque rustic cozy cosy warm cool super mega hd uhd fhd resolution trending featured
  shallow dof wallpaper render unreal ray tracing raytracing global illumination subsurface
  scattering sunbeams rays godrays cinematography photography macro telephoto aerial drone
  overhead perspective isometric orthographic symmetry rule thirds golden ratio scenery nature
  world image picture environment atmosphere mood vibe vibes aesthetic color colors colour colours
  tone tones palette shadow shadows reflections shades hues design element elements version
  cinematic lighting mode type kind sort lots bit piece pieces natural food
  hair mane fur feathers feather wings wing tail eyes eye hands hand window windows roof door doors
  wheel wheels leaves leaf branches branch
  wooden glass metal metallic stone silver paper leather steel iron brick plastic ceramic velvet silk`.split(
    /\s+/,
  ),
);

/** Suffixes of adjectives, adverbs and verb forms ("glowing", "carved", "softly", "famous"). */
const NOT_THING_ENDINGS = /(ly|ing|ed|ous|ful|ive|est|less|ish|ical|able|ible)$/;

/** Words with those endings that are things after all. */
const THINGS_ALL_THE_SAME = new Set(
  "ring king wing string spring building painting ceiling sled bed shed seed reed needle festival crystal".split(
    " ",
  ),
);

function looksLikeThing(word: string): boolean {
  if (word.length < 3 || /\d/.test(word) || word.includes("'")) return false;
  if (NOT_THINGS.has(word)) return false;
  if (THINGS_ALL_THE_SAME.has(word)) return true;
  return !NOT_THING_ENDINGS.test(word);
}

/** Verbs before "by" that credit an artist ("painted by ..."), unlike "surrounded by a moat". */
const CREDITS = new Set(
  "art artwork painted drawn illustrated photographed shot made created designed inspired rendered".split(
    " ",
  ),
);

/**
 * The words of the prompt that may name things: credits ("by greg rutkowski", "in the style of
 * ...") name people whose style is meant, not things to draw.
 */
function wordsAskedFor(prompt: string): Set<string> {
  const kept = new Set<string>();
  for (const clause of prompt.toLowerCase().split(/[,.;:()[\]{}|]/)) {
    const words = clause.match(/[a-z0-9']+(?:-[a-z0-9]+)*/g) ?? [];
    for (let i = 0; i < words.length; i++) {
      const word = words[i] as string;
      const before = words[i - 1] ?? "";
      if (word === "by" && (i === 0 || CREDITS.has(before) || !/(ed|en)$/.test(before))) break;
      if (word === "of" && before === "style") break;
      kept.add(word);
    }
  }
  return kept;
}

/**
 * The prompt's words for things the renderer does not draw, in prompt order, each once. Words the
 * negative prompt names are not asked for and not reported.
 */
export function undrawnWords(prompt: string, negative?: string, weighting?: "compel" | "sdEmbeds"): string[] {
  if (prompt === BLANK_PROMPT) return [];
  const intent = readIntent(prompt, negative, weighting);
  const avoided = new Set(readIntent(negative ?? "", undefined, weighting).unknownWords);
  const asked = wordsAskedFor(prompt);
  const out: string[] = [];
  for (const word of intent.unknownWords) {
    if (!asked.has(word) || !looksLikeThing(word) || avoided.has(word) || out.includes(word)) continue;
    out.push(word);
  }
  return out;
}
