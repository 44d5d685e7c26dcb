import type { Rgb } from "../shared/seeded";
import { clamp } from "./canvas";
import type { SubjectMention } from "./intent";
import {
  paintBird,
  paintCat,
  paintCow,
  paintDeer,
  paintDog,
  paintFish,
  paintFox,
  paintHorse,
  paintRabbit,
} from "./paint-animals";
import { paintBigCat, paintDinosaur, paintElephant, paintPenguin } from "./paint-beasts";
import {
  paintBridge,
  paintCastle,
  paintChurch,
  paintHouse,
  paintLighthouse,
  paintSkyscraper,
  paintWindmill,
} from "./paint-buildings";
import type { PaintContext } from "./paint-context";
import { paintBalloon, paintDragon, paintRobot, paintRocket } from "./paint-fantasy";
import { paintApple, paintBowl, paintBurger, paintCake, paintCoffee, paintPizza } from "./paint-food";
import { paintBook, paintBottle, paintChair, paintClock, paintGuitar, paintLamp } from "./paint-objects";
import { paintPerson, person } from "./paint-people";
import { paintCactus, paintFlower, paintSunflower, paintTree } from "./paint-plants";
import { paintAirplane, paintBicycle, paintBoat, paintCar, paintTrain } from "./paint-vehicles";
import {
  paintBear,
  paintButterfly,
  paintJellyfish,
  paintOwl,
  paintWaterfall,
  paintWhale,
} from "./paint-wild";
import type { SubjectLook } from "./subject-look";
import { Pen } from "./subject-pen";
import type { Subject } from "./subjects";

/**
 * Where each subject stands and how big it is: the main subject (the prompt's first or weightiest)
 * large near the middle, the others smaller to the sides and a little behind. Ground subjects
 * stand in the foreground, buildings on the horizon, boats on the water, aircraft in the sky,
 * food and objects on a table.
 */

type Place = "ground" | "horizon" | "water" | "sky" | "table";

interface Layout {
  paint: (pen: Pen, look: SubjectLook) => void;
  /** Height of the main subject, as a share of the picture's height (one frame unit). */
  height: number;
  /** Half its width, in frame units (the layout keeps it inside the picture). */
  half: number;
  place: Place;
  /** Side views that may face either way. */
  turns?: boolean;
}

const L = (paint: Layout["paint"], height: number, place: Place, half = 0.5, turns = false): Layout => ({
  paint,
  height,
  half,
  place,
  turns,
});

function paintGroup(pen: Pen, look: SubjectLook): void {
  const shirts: Rgb[] = [look.colour ?? look.accent, [60, 110, 170], [200, 170, 60], [150, 60, 90]];
  const spots: [number, number, number][] = [
    [-0.36, 0.04, 0.9],
    [0.34, 0.03, 0.94],
    [-0.12, -0.02, 1],
    [0.12, -0.04, 0.82],
  ];
  spots.forEach(([u, v, k], i) => {
    const p = new Pen(pen.ctx, pen.px(u), pen.py(v), pen.size * k, i % 2 === 1);
    person(p, shirts[i] ?? look.accent, i + 1);
  });
}

/** A village: a few houses, the nearest in the middle, smaller ones either side and behind. */
function paintVillage(pen: Pen, look: SubjectLook): void {
  for (const [u, v, k] of [
    [-0.75, 0.08, 0.6],
    [0.8, 0.06, 0.66],
    [-0.42, 0.02, 0.8],
    [0, 0, 1],
  ] as const) {
    paintHouse(new Pen(pen.ctx, pen.px(u), pen.py(v), pen.size * k, pen.flip), look);
  }
}

export const LAYOUTS: Record<Subject, Layout> = {
  person: L(paintPerson, 0.6, "ground", 0.25),
  group: L(paintGroup, 0.55, "ground", 0.6),
  cat: L(paintCat, 0.5, "ground", 0.35, true),
  dog: L(paintDog, 0.46, "ground", 0.6, true),
  fox: L(paintFox, 0.46, "ground", 0.75, true),
  horse: L(paintHorse, 0.5, "ground", 0.7, true),
  bird: L(
    (pen, look) => (look.word.startsWith("owl") ? paintOwl : paintBird)(pen, look),
    0.42,
    "ground",
    0.9,
    true,
  ),
  bear: L(paintBear, 0.5, "ground", 0.75, true),
  bigcat: L(paintBigCat, 0.48, "ground", 0.8, true),
  elephant: L(paintElephant, 0.6, "ground", 0.75, true),
  penguin: L(paintPenguin, 0.45, "ground", 0.3, true),
  dinosaur: L(paintDinosaur, 0.62, "ground", 0.95, true),
  whale: L(paintWhale, 0.62, "water", 0.9, true),
  jellyfish: L(paintJellyfish, 0.62, "water", 0.5),
  butterfly: L(paintButterfly, 0.4, "ground", 0.5),
  dragon: L(paintDragon, 0.6, "ground", 0.9, true),
  robot: L(paintRobot, 0.6, "ground", 0.3, true),
  rocket: L(paintRocket, 0.5, "sky", 0.3, true),
  balloon: L(paintBalloon, 0.5, "sky", 0.35),
  fish: L(paintFish, 0.62, "water", 0.75, true),
  cow: L(paintCow, 0.46, "ground", 0.65, true),
  deer: L(paintDeer, 0.46, "ground", 0.6, true),
  rabbit: L(paintRabbit, 0.4, "ground", 0.35, true),
  house: L(
    (pen, look) => (/^(village|hamlet)/.test(look.word) ? paintVillage : paintHouse)(pen, look),
    0.5,
    "horizon",
    0.56,
  ),
  castle: L(paintCastle, 0.5, "horizon", 0.82),
  lighthouse: L(paintLighthouse, 0.62, "horizon", 0.42, true),
  skyscraper: L(paintSkyscraper, 0.62, "horizon", 0.2),
  bridge: L(paintBridge, 0.36, "horizon", 1.5),
  church: L(paintChurch, 0.48, "horizon", 0.62, true),
  waterfall: L(paintWaterfall, 0.62, "ground", 0.8),
  windmill: L(paintWindmill, 0.52, "horizon", 0.62),
  car: L(paintCar, 0.34, "ground", 1.0, true),
  bicycle: L(paintBicycle, 0.42, "ground", 0.95, true),
  boat: L(paintBoat, 0.42, "water", 0.8, true),
  train: L(paintTrain, 0.3, "ground", 2.2, true),
  airplane: L(paintAirplane, 0.38, "sky", 1.1, true),
  cake: L(paintCake, 0.5, "table", 0.62),
  pizza: L(paintPizza, 0.55, "table", 0.8),
  apple: L(paintApple, 0.45, "table", 0.5),
  coffee: L(paintCoffee, 0.5, "table", 0.55),
  bowl: L(paintBowl, 0.5, "table", 0.7),
  burger: L(paintBurger, 0.5, "table", 0.62),
  flower: L(paintFlower, 0.66, "ground", 0.3),
  tree: L(paintTree, 0.72, "horizon", 0.45),
  cactus: L(paintCactus, 0.6, "ground", 0.4),
  sunflower: L(paintSunflower, 0.7, "ground", 0.45),
  chair: L(paintChair, 0.55, "table", 0.45, true),
  lamp: L(paintLamp, 0.6, "table", 0.4),
  book: L(paintBook, 0.5, "table", 0.62),
  clock: L(paintClock, 0.5, "table", 0.45),
  bottle: L(paintBottle, 0.6, "table", 0.2),
  guitar: L(paintGuitar, 0.62, "table", 0.3),
};

/** Subjects indoors, on a table: the scene becomes a room when the prompt names no landscape. */
export const isTableSubject = (s: Subject): boolean => LAYOUTS[s].place === "table";
/** Subjects that stand on the ground in front: on a shore when the scene has water. */
export const standsOnGround = (s: Subject): boolean => LAYOUTS[s].place === "ground";
/** Subjects standing on the horizon are painted before water, so it reflects them. */
export const standsOnHorizon = (s: Subject): boolean => LAYOUTS[s].place === "horizon";

export interface SubjectPaint {
  subjects: [Subject, SubjectMention][];
  /** Which ones to paint in this pass (horizon subjects go before the water). */
  filter: (s: Subject) => boolean;
  accents: Rgb[];
  /** Windows and lamps lit (dusk, night, storm). */
  lit: boolean;
  windowLight: Rgb;
}

/** Where a subject was painted: video moves its layer from there. */
export interface Placement {
  subject: Subject;
  x: number;
  base: number;
  size: number;
  flip: boolean;
}

/** Where the main subject may stand across the picture: on a third, or in the middle. */
const THIRDS = [0.36, 0.5, 0.64];

/** `depth` (0-1, from the seed) moves the main subject nearer the camera or farther into the scene. */
function baseOf(ctx: PaintContext, place: Place, size: number, main: boolean, depth: number): number {
  const { c, horizon } = ctx;
  const below = c.h - horizon;
  switch (place) {
    case "ground":
      return horizon + below * (main ? 0.5 + 0.3 * depth : 0.3);
    case "horizon":
      return horizon + below * (main ? 0.12 : 0.05);
    case "water":
      return horizon + below * (main ? 0.35 : 0.15);
    case "sky":
      return Math.min(horizon * 0.85, c.h * 0.3 + size * 0.5);
    case "table":
      return horizon + below * (main ? 0.55 : 0.35);
  }
}

/** Paints the prompt's subjects (main one last, in front), in the pass `filter` selects. */
export function paintSubjects(ctx: PaintContext, s: SubjectPaint): Placement[] {
  const { c } = ctx;
  const placed: Placement[] = [];
  const [first, ...rest] = s.subjects;
  if (!first) return placed;
  // Placement draws from its own stream so that a subject's pass does not move the other's.
  const jitter = (k: number) => {
    const h = Math.imul(ctx.hashSeed ^ Math.imul(k + 1, 0x9e3779b1), 0x85ebca6b) >>> 0;
    return h / 4294967296;
  };
  const slots = [0.2, 0.8, 0.08, 0.92];
  const order: [Subject, SubjectMention, number][] = [
    ...rest.slice(0, 4).map(([sub, m], i) => [sub, m, i + 1] as [Subject, SubjectMention, number]),
    [first[0], first[1], 0],
  ];
  for (const [subject, mention, index] of order) {
    if (!s.filter(subject)) continue;
    const lay = LAYOUTS[subject];
    const main = index === 0;
    const prominence = Math.sqrt(clamp(mention.weight, 0.5, 2));
    // Framing by seed: the main subject closer or farther (0.82-1.12x), on a third or centred.
    const zoom = main ? 0.82 + 0.3 * jitter(index + 120) : 1;
    let size = c.h * lay.height * prominence * (main ? zoom : 0.55);
    size = Math.min(size, (c.w * (main ? 0.46 : 0.2)) / lay.half);
    const base = Math.min(c.h * 0.98, baseOf(ctx, lay.place, size, main, jitter(index + 140)));
    // Keep it inside the frame: tall subjects fit under the top edge.
    size = Math.min(size, base * 0.92);
    const third = THIRDS[Math.floor(jitter(index + 160) * THIRDS.length)] ?? 0.5;
    const centre = main ? third + (jitter(index) - 0.5) * 0.06 : (slots[index - 1] ?? 0.5);
    let x = c.w * centre;
    x = clamp(x, lay.half * size, c.w - lay.half * size);
    const flip = lay.turns === true && jitter(index + 20) < 0.5;
    const pen = new Pen(ctx, x, base, size, flip);
    // Black or near-black (a black cat) is painted charcoal, so its shading still reads.
    const named = mention.colour;
    const colour: Rgb | undefined =
      named && named[0] + named[1] + named[2] < 150
        ? [named[0] * 0.6 + 30, named[1] * 0.6 + 30, named[2] * 0.6 + 36]
        : named;
    lay.paint(pen, {
      ...(colour ? { colour } : {}),
      word: mention.word,
      ...(mention.also ? { also: mention.also } : {}),
      accent: s.accents[index % Math.max(1, s.accents.length)] ?? [180, 60, 60],
      lit: s.lit,
      windowLight: s.windowLight,
      pose: {
        head: jitter(index + 40) * 2 - 1,
        stride: jitter(index + 60) * 2 - 1,
        lean: jitter(index + 80) * 2 - 1,
        variant: jitter(index + 100),
      },
    });
    placed.push({ subject, x, base, size, flip });
  }
  return placed;
}
