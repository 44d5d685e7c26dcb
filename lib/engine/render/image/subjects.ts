import type { Element } from "./vocabulary";

/**
 * The subjects the renderer can draw as recognisable things (a fox, a castle, a bicycle), apart
 * from the scene elements of vocabulary.ts (sky, land, water, light). Each subject has a family,
 * which says where it stands and how big it is drawn (subject-layout.ts), and the setting it
 * implies when the prompt names none (a boat floats on water, a cow stands in a meadow).
 * Words are whole words: "catalog" is not a cat. Regular plurals are derived; irregular ones
 * (mice, geese, cacti) are listed.
 */

export type Family = "people" | "animal" | "building" | "vehicle" | "food" | "plant" | "object";

interface SubjectDef {
  family: Family;
  words: string[];
  /** Elements painted with it when the prompt names no land or water of its own. */
  setting?: Element[];
  /** A word of it with another usual setting: a polar bear on ice, a brown bear in a forest. */
  wordSetting?: Record<string, Element[]>;
}

export const SUBJECT_DEFS = {
  person: {
    family: "people",
    words: [
      "person",
      "man",
      "woman",
      "girl",
      "boy",
      "child",
      "kid",
      "lady",
      "gentleman",
      "figure",
      "character",
      "warrior",
      "astronaut",
      "knight",
      "wanderer",
      "traveler",
      "traveller",
      "hiker",
      "explorer",
      "samurai",
      "wizard",
      "witch",
      "mage",
      "sorcerer",
      "sorceress",
      "warlock",
      "magician",
      "cosmonaut",
      "fisherman",
      "farmer",
      "soldier",
      "king",
      "queen",
      "prince",
      "princess",
      "pirate",
      "ninja",
      "cowboy",
      "monk",
      "nun",
      "chef",
      "doctor",
      "scientist",
      "detective",
      "student",
      "mother",
      "father",
      "grandmother",
      "grandfather",
      "elf",
      "fairy",
      "vampire",
      "superhero",
      "musician",
      "businessman",
      "businesswoman",
      "human",
      "silhouette",
      "dancer",
    ],
  },
  group: {
    family: "people",
    words: ["group", "crowd", "people", "family", "friends", "couple", "team", "men", "women", "children"],
  },
  cat: { family: "animal", words: ["cat", "kitten", "kitty", "kitties", "tabby", "feline"] },
  dog: {
    family: "animal",
    // A wolf is drawn as the dog's kin (in its colour words: "grey wolf"), never as empty land.
    words: [
      "dog",
      "puppy",
      "puppies",
      "pup",
      "hound",
      "doggy",
      "labrador",
      "retriever",
      "corgi",
      "canine",
      "wolf",
      "wolves",
    ],
    setting: ["hills"],
  },
  fox: { family: "animal", words: ["fox", "vixen"], setting: ["hills"] },
  horse: {
    family: "animal",
    words: ["horse", "pony", "ponies", "stallion", "mare", "foal", "mustang", "unicorn"],
    setting: ["hills"],
  },
  bird: {
    family: "animal",
    words: [
      "bird",
      "sparrow",
      "robin",
      "parrot",
      "finch",
      "bluebird",
      "songbird",
      "owl",
      "owlet",
      "eagle",
      "hawk",
      "falcon",
    ],
  },
  bear: {
    family: "animal",
    words: [
      "bear",
      "polar bear",
      "grizzly",
      "grizzly bear",
      "brown bear",
      "black bear",
      "panda",
      "giant panda",
    ],
    setting: ["forest"],
    wordSetting: { "polar bear": ["snow"], "polar bears": ["snow"] },
  },
  bigcat: {
    family: "animal",
    words: [
      "lion",
      "lioness",
      "tiger",
      "tigress",
      "leopard",
      "cheetah",
      "jaguar",
      "panther",
      "black panther",
      "big cat",
    ],
    setting: ["hills"],
    wordSetting: { tiger: ["forest"], tigers: ["forest"], panther: ["forest"], jaguar: ["forest"] },
  },
  elephant: { family: "animal", words: ["elephant", "mammoth"], setting: ["hills"] },
  penguin: { family: "animal", words: ["penguin"], setting: ["snow"] },
  dinosaur: {
    family: "animal",
    words: [
      "dinosaur",
      "dino",
      "t-rex",
      "t rex",
      "trex",
      "tyrannosaurus",
      "tyrannosaur",
      "raptor",
      "velociraptor",
    ],
    setting: ["forest"],
  },
  whale: {
    family: "animal",
    words: ["whale", "blue whale", "humpback", "humpback whale", "orca", "killer whale", "sperm whale"],
    setting: ["sea"],
  },
  jellyfish: { family: "animal", words: ["jellyfish", "jellyfishes", "jellies", "medusa"] },
  butterfly: {
    family: "animal",
    words: ["butterfly", "butterflies", "moth", "monarch butterfly"],
    setting: ["hills", "flowers"],
  },
  dragon: { family: "animal", words: ["dragon", "wyvern"], setting: ["mountains"] },
  robot: {
    family: "object",
    words: ["robot", "android", "droid", "mech", "mechs", "mecha", "cyborg", "automaton"],
    setting: ["city"],
  },
  fish: { family: "animal", words: ["fish", "goldfish", "salmon", "trout", "koi", "fishes"] },
  cow: {
    family: "animal",
    words: ["cow", "cattle", "bull", "calf", "calves", "ox", "oxen"],
    setting: ["hills"],
  },
  deer: {
    family: "animal",
    words: ["deer", "stag", "reindeer", "elk", "moose", "doe", "fawn"],
    setting: ["forest"],
  },
  rabbit: { family: "animal", words: ["rabbit", "bunny", "bunnies", "hare"], setting: ["hills"] },
  house: {
    family: "building",
    words: [
      "house",
      "cottage",
      "cabin",
      "home",
      "hut",
      "farmhouse",
      "villa",
      "barn",
      "chalet",
      "village",
      "hamlet",
    ],
    setting: ["hills"],
  },
  castle: {
    family: "building",
    words: ["castle", "palace", "fortress", "citadel", "chateau", "fort"],
    setting: ["hills"],
  },
  lighthouse: { family: "building", words: ["lighthouse"], setting: ["sea"] },
  skyscraper: {
    family: "building",
    words: ["skyscraper", "tower", "high-rise", "highrise", "office building"],
    setting: ["city"],
  },
  bridge: { family: "building", words: ["bridge", "viaduct"], setting: ["sea"] },
  church: {
    family: "building",
    words: ["church", "cathedral", "chapel", "steeple"],
    setting: ["hills"],
  },
  waterfall: {
    family: "building",
    words: ["waterfall", "waterfalls", "cascade", "falls"],
    setting: ["forest"],
  },
  windmill: { family: "building", words: ["windmill"], setting: ["hills"] },
  car: {
    family: "vehicle",
    words: ["car", "automobile", "sedan", "taxi", "jeep", "convertible", "sportscar", "coupe", "vehicle"],
  },
  bicycle: { family: "vehicle", words: ["bicycle", "bike", "cycle"] },
  boat: {
    family: "vehicle",
    // A harbour is its boats as much as its water.
    words: [
      "boat",
      "ship",
      "sailboat",
      "yacht",
      "ferry",
      "sail",
      "vessel",
      "canoe",
      "harbor",
      "harbour",
      "marina",
    ],
    setting: ["sea"],
  },
  train: { family: "vehicle", words: ["train", "locomotive", "tram"], setting: ["hills"] },
  rocket: {
    family: "vehicle",
    words: ["rocket", "spaceship", "spacecraft", "starship", "space shuttle", "rocketship"],
    setting: ["stars"],
  },
  balloon: {
    family: "vehicle",
    words: ["hot air balloon", "hot-air balloon", "air balloon", "balloon", "airship", "blimp", "zeppelin"],
    setting: ["hills", "clouds"],
  },
  airplane: {
    family: "vehicle",
    words: ["airplane", "aeroplane", "plane", "jet", "aircraft", "airliner"],
    setting: ["clouds"],
  },
  cake: { family: "food", words: ["cake", "cupcake", "gateau", "dessert"] },
  pizza: { family: "food", words: ["pizza"] },
  apple: { family: "food", words: ["apple", "fruit", "pear", "peach"] },
  coffee: {
    family: "food",
    words: ["coffee", "cup", "mug", "espresso", "latte", "cappuccino", "teacup", "tea"],
  },
  bowl: { family: "food", words: ["bowl", "soup", "ramen", "salad", "noodles"] },
  burger: { family: "food", words: ["burger", "hamburger", "cheeseburger"] },
  flower: {
    family: "plant",
    words: [
      "flower",
      "rose",
      "tulip",
      "daisy",
      "lily",
      "lilies",
      "orchid",
      "poppy",
      "poppies",
      "peony",
      "lotus",
      "hydrangea",
      "carnation",
      "dandelion",
    ],
  },
  tree: {
    family: "plant",
    // "pine" alone is a forest's kind ("a pine forest"); "a pine tree" is one tree.
    words: ["tree", "oak", "maple", "willow", "baobab", "pine tree", "fir tree", "spruce", "conifer"],
    setting: ["hills"],
  },
  cactus: { family: "plant", words: ["cactus", "cacti", "succulent", "saguaro"], setting: ["desert"] },
  sunflower: { family: "plant", words: ["sunflower"], setting: ["hills"] },
  chair: { family: "object", words: ["chair", "armchair", "stool", "seat"] },
  lamp: { family: "object", words: ["lamp", "desk lamp", "table lamp"] },
  book: { family: "object", words: ["book", "novel", "notebook", "tome"] },
  clock: { family: "object", words: ["clock", "alarm clock", "wall clock"] },
  bottle: { family: "object", words: ["bottle", "flask", "wine bottle"] },
  guitar: { family: "object", words: ["guitar", "ukulele"] },
} satisfies Record<string, SubjectDef>;

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
