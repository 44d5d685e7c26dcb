import { describe, expect, it } from "vitest";
import { seededRandom } from "../shared/seeded";
import { createCanvas } from "./canvas";
import { readIntent } from "./intent";
import { buildPalette } from "./palette";
import { paintScene } from "./scene";
import { SUBJECTS, type Subject } from "./subjects";
import type { Element } from "./vocabulary";

/** Each subject with prompts naming it: its own word, a plural or a synonym. */
const NAMED: Record<Subject, string[]> = {
  person: ["a woman walking", "a lone hiker", "an astronaut", "a wizard", "a witch", "a knight"],
  group: ["a group of friends", "people at a market", "three women talking"],
  cat: ["a cat", "a kitten asleep", "two cats"],
  dog: ["a dog", "puppies playing", "a corgi"],
  fox: ["a fox", "foxes in a field", "a vixen"],
  horse: ["a horse", "wild horses", "a pony", "a unicorn"],
  bird: ["a bird on a wire", "a robin", "parrots", "an owl in a forest"],
  bear: ["a polar bear on an ice floe", "a grizzly", "bears in the woods", "a giant panda"],
  bigcat: ["a lion", "a tiger in the jungle", "a snow leopard", "lionesses"],
  elephant: ["an elephant", "elephants at a waterhole", "a woolly mammoth"],
  penguin: ["a penguin", "penguins on the ice"],
  dinosaur: ["a dinosaur", "a t-rex", "a velociraptor"],
  whale: ["a blue whale breaching at sunset", "an orca", "humpback whales"],
  jellyfish: ["a jellyfish in deep sea", "glowing jellyfish", "jellies"],
  butterfly: ["a butterfly", "butterflies in a garden", "a monarch butterfly"],
  dragon: ["a dragon", "a red dragon breathing fire", "dragons"],
  robot: ["a robot", "a friendly android", "giant mechs"],
  rocket: ["a rocket", "a spaceship in orbit", "a space shuttle launch"],
  balloon: ["a hot air balloon over fields", "hot-air balloons", "an airship"],
  fish: ["a fish", "goldfish in a bowl of water", "koi"],
  cow: ["a cow", "cows grazing", "cattle"],
  deer: ["a deer", "a stag at dawn", "reindeer"],
  rabbit: ["a rabbit", "bunnies", "a hare"],
  house: ["a house", "a little cottage", "houses by the road"],
  castle: ["a castle", "castles in the air", "a palace"],
  lighthouse: ["a lighthouse", "lighthouses"],
  skyscraper: ["a skyscraper", "a tall tower"],
  bridge: ["a bridge", "bridges over the river"],
  church: ["a church", "a cathedral", "churches"],
  waterfall: ["a waterfall", "waterfalls in the jungle", "a cascade"],
  windmill: ["a windmill", "windmills"],
  car: ["a car", "an automobile", "cars parked"],
  bicycle: ["a bicycle", "a bike", "bicycles"],
  boat: ["a boat", "a sailboat", "ships in port", "a harbour at dawn"],
  train: ["a train", "a steam locomotive", "trains"],
  airplane: ["an airplane", "a jet", "planes"],
  cake: ["a cake", "cupcakes"],
  pizza: ["a pizza", "pizzas"],
  apple: ["an apple", "apples", "fruit"],
  coffee: ["a cup of coffee", "a mug", "cups"],
  bowl: ["a bowl", "a bowl of soup", "ramen"],
  burger: ["a burger", "a cheeseburger", "hamburgers"],
  flower: ["a flower", "a red rose", "a tulip"],
  tree: ["a tree", "an oak", "a lone pine tree"],
  cactus: ["a cactus", "cacti", "a saguaro"],
  sunflower: ["a sunflower", "sunflowers"],
  chair: ["a chair", "an armchair", "chairs"],
  lamp: ["a lamp", "a desk lamp", "lamps"],
  book: ["a book", "a stack of books"],
  clock: ["a clock", "an alarm clock", "clocks"],
  bottle: ["a bottle", "a wine bottle", "bottles"],
  guitar: ["a guitar", "guitars", "a ukulele"],
};

/** Landscapes and cities are scene elements. */
const LANDSCAPES: [string, Element][] = [
  ["snowy mountains", "mountains"],
  ["a sandy beach", "sea"],
  ["a pine forest", "forest"],
  ["a desert", "desert"],
  ["a lake", "sea"],
  ["a snowfield", "snow"],
  ["a city skyline", "city"],
];

const subjectsOf = (prompt: string) => [...readIntent(prompt, undefined).subjects.keys()];

describe("subject words", () => {
  it.each(SUBJECTS)("recognises %s from its words, plurals and synonyms", (subject) => {
    for (const prompt of NAMED[subject]) expect(subjectsOf(prompt), prompt).toContain(subject);
  });

  it("recognises landscapes and cities as the scene's elements", () => {
    for (const [prompt, element] of LANDSCAPES)
      expect(readIntent(prompt, undefined).elements.has(element), prompt).toBe(true);
  });

  it("does not find a subject inside another word", () => {
    for (const prompt of [
      "a catalog",
      "a carpet",
      "scattered caravans",
      "a personality test",
      "foxglove",
      "a pine forest",
    ])
      expect(subjectsOf(prompt), prompt).toEqual([]);
  });

  it("puts the weightiest subject first, then the first named", () => {
    expect(subjectsOf("a dog and a cat")).toEqual(["dog", "cat"]);
    expect(subjectsOf("a grey wolf in the snow")).toEqual(["dog"]);
    expect(subjectsOf("wolves howling at the moon")).toEqual(["dog"]);
    expect(subjectsOf("a dog and a (cat:1.4)".replace("(cat:1.4)", "cat cat"))[0]).toBe("cat");
    expect([...readIntent("a dog and a cat++", undefined, "compel").subjects.keys()][0]).toBe("cat");
  });

  it("keeps a colour named with the subject, and drops a subject the negative prompt names", () => {
    expect(readIntent("a black cat on a red rug", undefined).subjects.get("cat")?.colour).toEqual([
      15, 15, 18,
    ]);
    expect([...readIntent("a cat and a dog", "dog").subjects.keys()]).toEqual(["cat"]);
  });

  it("brings a subject's usual setting only when the prompt names none", () => {
    expect(readIntent("a sailboat", undefined).elements.has("sea")).toBe(true);
    expect(readIntent("a red fox", undefined).elements.has("hills")).toBe(true);
    const snow = readIntent("a red fox in fresh snow", undefined).elements;
    expect([snow.has("snow"), snow.has("hills")]).toEqual([true, false]);
  });

  it("reads an unknown subject as an abstract composition, not as another subject", () => {
    const i = readIntent("a zorblax made of teal glass", undefined);
    expect(i.subjects.size).toBe(0);
    expect([...i.elements.keys()]).toEqual(["abstract"]);
  });
});

/** Paints a prompt's scene at 128 px, with or without its subject layer (same setting and stream). */
function paint(prompt: string, withSubjects: boolean): Float32Array {
  const intent = readIntent(prompt, undefined);
  const random = seededRandom(prompt, 9);
  const palette = buildPalette(intent, random);
  const c = createCanvas(128, 128, false);
  paintScene(c, {
    intent,
    palette,
    random,
    hashSeed: 77,
    detail: 0.9,
    transparent: false,
    neon: 0,
    withSubjects,
  });
  return c.rgb;
}

describe("subject painting", () => {
  it.each(SUBJECTS)("draws %s in its own region of the picture", (subject) => {
    const prompt = NAMED[subject][0] as string;
    const a = paint(prompt, true);
    const b = paint(prompt, false);
    let changed = 0;
    let sumX = 0;
    for (let i = 0; i < 128 * 128; i++) {
      const d =
        Math.abs((a[i * 3] ?? 0) - (b[i * 3] ?? 0)) +
        Math.abs((a[i * 3 + 1] ?? 0) - (b[i * 3 + 1] ?? 0)) +
        Math.abs((a[i * 3 + 2] ?? 0) - (b[i * 3 + 2] ?? 0));
      if (d > 30) {
        changed++;
        sumX += i % 128;
      }
    }
    // A subject covers a good part of the picture, not all of it, and stands near the middle.
    expect(changed / (128 * 128)).toBeGreaterThan(0.015);
    expect(changed / (128 * 128)).toBeLessThan(0.7);
    expect(Math.abs(sumX / changed - 64)).toBeLessThan(32);
  });

  it("paints no subject for a prompt it does not know", () => {
    const a = paint("a zorblax in fresh snow", true);
    const b = paint("a zorblax in fresh snow", false);
    expect(a).toEqual(b);
  });
});

describe("subjects in a style", () => {
  it("draws the same subject differently for each style word", async () => {
    const { renderImage } = await import("./index");
    const { base, decoded, meanAbsDiff } = await import("./test-support");
    // The same prompt (so the same composition), with the style word cancelled by the negative
    // prompt or not: what differs is the style alone.
    for (const style of [
      "oil painting",
      "watercolor",
      "photorealistic",
      "pixel art",
      "pencil sketch",
      "anime",
      "neon",
    ]) {
      const prompt = `a red fox in fresh snow, ${style}`;
      const render = async (negativePrompt?: string) =>
        decoded(
          await renderImage(
            base({
              width: 256,
              height: 256,
              prompt,
              format: "PNG",
              ...(negativePrompt ? { negativePrompt } : {}),
            }),
          ),
        );
      expect(meanAbsDiff(await render(), await render(style)), style).toBeGreaterThan(2);
    }
  });
});

describe("by the water", () => {
  it("stands someone by a lake on its shore, not on the water", () => {
    const picture = paint("a fisherman by the lake", false);
    let warm = 0;
    for (let i = 120 * 128; i < 128 * 128; i++)
      if ((picture[i * 3] ?? 0) > (picture[i * 3 + 2] ?? 0) + 20) warm++;
    expect(warm / (8 * 128)).toBeGreaterThan(0.9);
  });
});

describe("beaches", () => {
  it("reads a beach as the shore of a sea, and paints sand in front of the water", () => {
    const e = readIntent("a man walking on a beach", undefined).elements;
    expect([e.has("beach"), e.has("sea")]).toEqual([true, true]);
    const sandy = paint("a tropical beach", true);
    // The bottom rows are sand: warm (red above blue), where open sea would be blue.
    let warm = 0;
    for (let i = 120 * 128; i < 128 * 128; i++)
      if ((sandy[i * 3] ?? 0) > (sandy[i * 3 + 2] ?? 0) + 20) warm++;
    expect(warm / (8 * 128)).toBeGreaterThan(0.9);
  });
});

describe("two of a kind", () => {
  it("draws each person a prompt names: a man and a child are two figures", () => {
    const mention = readIntent("a man and a child", undefined).subjects.get("person");
    expect([mention?.word, mention?.also]).toEqual(["man", ["child"]]);
    expect(readIntent("a polar bear", undefined).subjects.get("bear")?.also).toBeUndefined();
    const covered = (prompt: string) => {
      const a = paint(prompt, true);
      const b = paint(prompt, false);
      let n = 0;
      for (let i = 0; i < a.length; i += 3) if (Math.abs((a[i] ?? 0) - (b[i] ?? 0)) > 30) n++;
      return n;
    };
    expect(covered("a man and a child")).toBeGreaterThan(covered("a man") * 1.3);
  });
});

describe("under the sea", () => {
  it("reads underwater words as a scene under the surface", () => {
    expect(readIntent("a coral reef", undefined).underwater).toBe(true);
    expect(readIntent("a fish underwater", undefined).underwater).toBe(true);
    expect(readIntent("a fish in a pond", undefined).underwater).toBe(false);
  });
});

describe("rain", () => {
  it("reads a rainy street as rain under an overcast sky, with no sun", () => {
    const i = readIntent("a rainy street", undefined);
    expect([i.elements.has("rain"), i.elements.has("city"), i.elements.has("sun")]).toEqual([
      true,
      true,
      false,
    ]);
    expect([...i.times.keys()]).toEqual(["storm"]);
  });

  it("paints streaks of rain and a wet street over the dry scene", () => {
    const scene = (dry: boolean) => {
      const intent = readIntent("a rainy street", undefined);
      if (dry) intent.elements.delete("rain");
      const random = seededRandom("a rainy street", 9);
      const palette = buildPalette(intent, random);
      const c = createCanvas(128, 128, false);
      paintScene(c, { intent, palette, random, hashSeed: 77, detail: 0.9, transparent: false, neon: 0 });
      return c.rgb;
    };
    const wet = scene(false);
    const dry = scene(true);
    let changed = 0;
    for (let i = 0; i < wet.length; i++) if (Math.abs((wet[i] ?? 0) - (dry[i] ?? 0)) > 12) changed++;
    expect(changed / wet.length).toBeGreaterThan(0.05);
  });
});
