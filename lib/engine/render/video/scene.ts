import { mixRgb, type Rgb } from "./raster";
import {
  CAMERA_WORDS,
  type CameraMove,
  COLOUR_WORDS,
  DEFAULT_MOVES,
  has,
  SKIES,
  type TimeOfDay,
  timeOf,
} from "./scene-words";
import { seededRandom } from "./seeded-random";

/**
 * Reads a prompt as a scene: the time of day and its palette, the landscape layers, the weather
 * and particles, the light source and the camera move. Words decide (the keyword tables below);
 * the seed picks among variations where the prompt says nothing (which camera move, how many
 * clouds, where the ridges are). Pure and deterministic: the same prompt and seed give the same
 * scene.
 */

export type Terrain = "mountains" | "hills" | "city" | "forest" | "dunes";
export type Particles = "snow" | "rain" | "embers" | "fireflies" | "bokeh" | "bubbles" | "dust" | "stars";

export interface Scene {
  time: TimeOfDay;
  /** Sky gradient from the top of the frame to the horizon. */
  skyTop: Rgb;
  skyMid: Rgb;
  skyHorizon: Rgb;
  /** Sun or moon colour and glow; null for none (underwater, overcast storm). */
  light: { kind: "sun" | "moon" | "planet"; colour: Rgb; glow: Rgb } | null;
  /** Back to front. */
  terrain: Terrain[];
  /** Far to near silhouette colours (atmospheric perspective). */
  terrainColours: Rgb[];
  water: boolean;
  waterColour: Rgb;
  underwater: boolean;
  clouds: number;
  cloudColour: Rgb;
  particles: Particles[];
  lightning: boolean;
  neon: boolean;
  /** Accent colours: neon signs, windows, fireflies, title bars. */
  accents: Rgb[];
  camera: { move: CameraMove; handheld: boolean };
  /** 0.5 (slow) to 2 (fast): camera and element motion, and the soundtrack's tempo. */
  speed: number;
  /** 0-1 of the frame height. */
  horizon: number;
  /** Minor-key, darker music for night, storm and space. */
  moody: boolean;
}

interface Setting {
  time: TimeOfDay;
  space: boolean;
  underwater: boolean;
  neon: boolean;
  storm: boolean;
  water: boolean;
  /** Night, neon or space. */
  dark: boolean;
  /** The first colour the prompt names. */
  tint: Rgb | undefined;
}

export function readScene(prompt: string, seed: number): Scene {
  const p = prompt.toLowerCase();
  const random = seededRandom(`scene\u0000${p}`, seed);
  const time = timeOf(p);
  const neon = has(p, ["neon", "cyberpunk", "synthwave", "vaporwave"]);
  const space = has(p, ["space", "galaxy", "nebula", "cosmic", "planet", "orbit"]);
  const underwater = has(p, ["underwater", "under the sea", "coral", "reef", "deep sea", "aquarium"]);
  const colours = Object.entries(COLOUR_WORDS).filter(([w]) => has(p, [w]));
  const setting: Setting = {
    time,
    space,
    underwater,
    neon,
    storm: has(p, ["storm", "thunder", "thunderstorm", "lightning", "rainstorm"]),
    water: !underwater && has(p, WATER_WORDS),
    dark: time === "night" || neon || space,
    tint: colours[0]?.[1],
  };
  const { water, storm, dark } = setting;
  const terrain = terrainOf(p, setting, random);
  const [skyTop, skyMid, skyHorizon] = skyOf(setting);
  const accents: Rgb[] = neon
    ? [
        [255, 40, 180],
        [0, 230, 255],
        [255, 220, 60],
      ]
    : colours.length > 0
      ? colours.map(([, c]) => c)
      : [mixRgb(skyHorizon, [255, 230, 160], 0.5), mixRgb(skyMid, [255, 255, 255], 0.3)];
  const explicitMove = CAMERA_WORDS.find(([, re]) => re.test(p))?.[0];
  const move = explicitMove ?? DEFAULT_MOVES[Math.floor(random() * DEFAULT_MOVES.length)] ?? "zoomIn";

  return {
    time,
    skyTop,
    skyMid,
    skyHorizon,
    light: lightOf(setting),
    terrain,
    terrainColours: terrainColoursOf(p, setting, terrain, skyMid, skyHorizon),
    water,
    waterColour: mixRgb(skyTop, dark ? [4, 8, 20] : [10, 40, 80], 0.55),
    underwater,
    clouds:
      space || underwater
        ? 0
        : storm
          ? 7
          : has(p, ["cloud", "overcast"])
            ? 6
            : Math.floor(random() * 4) + (dark ? 0 : 1),
    cloudColour: storm
      ? [96, 100, 112]
      : time === "sunset"
        ? [250, 160, 140]
        : dark
          ? [50, 56, 90]
          : [250, 250, 252],
    particles: particlesOf(p, setting),
    lightning: storm,
    neon,
    accents,
    camera: { move, handheld: has(p, ["handheld", "shaky", "documentary", "found footage"]) },
    speed: speedOf(p),
    horizon: water || underwater ? 0.58 : space ? 0.9 : 0.66 + random() * 0.06,
    moody: dark || storm,
  };
}

const WATER_WORDS = [
  "sea",
  "ocean",
  "beach",
  "wave",
  "lake",
  "river",
  "bay",
  "harbor",
  "harbour",
  "coast",
  "shore",
  "water",
];

/** The landscape's layers, back to front; the seed picks some where the prompt names none. */
function terrainOf(p: string, s: Setting, random: () => number): Terrain[] {
  const terrain: Terrain[] = [];
  if (has(p, ["mountain", "alps", "peak", "summit", "volcano", "canyon", "cliff"])) terrain.push("mountains");
  if (has(p, ["desert", "dune", "sahara", "sand"])) terrain.push("dunes");
  if (has(p, ["hill", "meadow", "field", "valley", "countryside", "farm", "grass"])) terrain.push("hills");
  if (has(p, ["forest", "tree", "woods", "jungle", "pine", "grove"])) terrain.push("forest");
  if (
    s.neon ||
    has(p, ["city", "cities", "skyline", "urban", "street", "downtown", "metropolis", "tower", "building"])
  )
    terrain.push("city");
  if (terrain.length === 0 && !s.water && !s.space && !s.underwater) {
    terrain.push(random() < 0.5 ? "mountains" : "hills");
    if (random() < 0.5) terrain.push(random() < 0.5 ? "forest" : "hills");
  }
  // Under the sea: a seabed with swaying-weed silhouettes instead of a skyline.
  if (s.underwater && terrain.length === 0) terrain.push("hills", "forest");
  // One kind alone gets a backdrop, so that a pan always shows depth (parallax).
  const only = terrain.length === 1 && !s.water ? terrain[0] : undefined;
  if (only)
    terrain.unshift(
      only === "forest"
        ? "hills"
        : only === "hills"
          ? "mountains"
          : only === "mountains"
            ? "mountains"
            : only,
    );
  // Mountains behind everything, the city in front of them, trees nearest.
  const order: Terrain[] = ["mountains", "dunes", "hills", "city", "forest"];
  terrain.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return terrain;
}

/** The sky's gradient, top to horizon: the time of day's, unless the place or weather has its own. */
function skyOf(s: Setting): [Rgb, Rgb, Rgb] {
  let [skyTop, skyMid, skyHorizon] = SKIES[s.time];
  if (s.neon) {
    skyTop = [10, 4, 32];
    skyMid = [46, 14, 86];
    skyHorizon = [150, 40, 140];
  }
  if (s.space) {
    skyTop = [2, 2, 10];
    skyMid = [14, 10, 42];
    skyHorizon = [36, 20, 70];
  }
  if (s.underwater) {
    skyTop = [40, 170, 200];
    skyMid = [16, 100, 150];
    skyHorizon = [6, 40, 80];
  }
  if (s.storm) {
    skyTop = mixRgb(skyTop, [40, 44, 56], 0.7);
    skyMid = mixRgb(skyMid, [70, 76, 90], 0.7);
    skyHorizon = mixRgb(skyHorizon, [110, 114, 124], 0.6);
  }
  if (s.tint) {
    skyMid = mixRgb(skyMid, s.tint, 0.3);
    skyHorizon = mixRgb(skyHorizon, s.tint, 0.35);
  }
  return [skyTop, skyMid, skyHorizon];
}

/** Silhouettes go from the haze colour of the horizon (far) to a dark ground (near). */
function terrainColoursOf(p: string, s: Setting, terrain: Terrain[], skyMid: Rgb, skyHorizon: Rgb): Rgb[] {
  const near: Rgb = s.dark ? [8, 8, 20] : s.time === "sunset" ? [40, 22, 52] : [34, 70, 52];
  const far = mixRgb(skyHorizon, skyMid, 0.3);
  const terrainColours = [0.35, 0.6, 0.8, 0.92, 1].map((k) => mixRgb(far, near, k));
  if (has(p, ["snow", "winter", "ice", "frozen"]))
    terrainColours[0] = mixRgb(terrainColours[0] ?? far, [235, 240, 250], 0.5);
  if (terrain.includes("dunes")) {
    const sand: Rgb = [214, 150, 90];
    for (let i = 1; i < terrainColours.length; i++)
      terrainColours[i] = mixRgb(sand, near, (s.time === "day" ? 0 : 0.4) + i * 0.08);
  }
  return terrainColours;
}

function particlesOf(p: string, s: Setting): Particles[] {
  const particles: Particles[] = [];
  if (s.dark && !s.underwater) particles.push("stars");
  if (has(p, ["snow", "blizzard", "winter"])) particles.push("snow");
  if (s.storm || has(p, ["rain", "drizzle", "downpour"])) particles.push("rain");
  if (has(p, ["fire", "ember", "campfire", "volcano", "spark", "lava"])) particles.push("embers");
  if (has(p, ["firefly", "fireflies", "magic", "fairy", "enchanted"])) particles.push("fireflies");
  if (s.neon || has(p, ["bokeh", "lights", "festival", "party", "glow"])) particles.push("bokeh");
  if (s.underwater || has(p, ["bubble"])) particles.push("bubbles");
  if (has(p, ["dust", "haze", "fog", "mist"])) particles.push("dust");
  return particles;
}

function lightOf(s: Setting): Scene["light"] {
  return s.underwater || s.storm
    ? null
    : s.space
      ? { kind: "planet", colour: s.tint ?? [120, 160, 240], glow: [90, 120, 220] }
      : s.time === "night"
        ? { kind: "moon", colour: [236, 236, 222], glow: [120, 140, 200] }
        : s.time === "sunset"
          ? { kind: "sun", colour: [255, 226, 160], glow: [255, 140, 70] }
          : {
              kind: "sun",
              colour: [255, 248, 220],
              glow: s.time === "dawn" ? [255, 170, 140] : [255, 240, 200],
            };
}

/** 0.5 (slow) to 2 (fast), from the prompt's words. */
function speedOf(p: string): number {
  return has(p, ["slow", "gentle", "calm", "serene", "peaceful", "lazy", "tranquil"])
    ? 0.5
    : has(p, [
          "fast",
          "rapid",
          "quick",
          "hyperlapse",
          "timelapse",
          "time-lapse",
          "energetic",
          "racing",
          "frantic",
        ])
      ? 2
      : 1;
}
