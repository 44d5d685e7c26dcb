/**
 * A contact sheet of the embedded image renderer: twenty prompts, then every workflow and the
 * parameter extremes, each tile labelled. Written to data/contact-sheet/contact-sheet.png (data/
 * is git-ignored) for looking at, not for asserting on. A second sheet, subjects.png, has a
 * prompt for each subject the renderer knows (some with style words, a few it does not know) and
 * the first and last frames of videos of some of them.
 *
 *   npm run contact-sheet
 */
import { mkdirSync } from "node:fs";
import sharp from "sharp";
import { type ImageRenderParams, preprocess, renderImage, Shot } from "../lib/engine/index";
import { SUBJECT_PROMPTS, VIDEO_PROMPTS } from "./contact-sheet-prompts";

const TILE = 256;
const LABEL = 34;
const COLUMNS = 6;
const OUT_DIR = "data/contact-sheet";

const PROMPTS = [
  "sunset over the sea",
  "neon city at night",
  "a lighthouse on a cliff at dusk",
  "snowy mountains with a pine forest",
  "portrait of a woman, oil painting",
  "desert dunes at noon",
  "a field of flowers, watercolor",
  "a red apple",
  "northern lights over a frozen lake",
  "a sailboat on a calm lake at dawn, pastel",
  "starry night sky over the hills",
  "a lone wanderer in a misty forest",
  "cyberpunk skyline in the rain",
  "abstract geometric shapes, vivid colors",
  "a castle on a hill, vintage",
  "tropical beach with palm trees",
  "black and white city street",
  "a golden planet in space",
  "pixel art mountains at sunset",
  "cherry blossom garden, anime",
];

interface Tile {
  label: string;
  params: ImageRenderParams;
  /** Show transparency over a checkerboard. */
  transparent?: boolean;
}

const p = (prompt: string, extra: Partial<ImageRenderParams> = {}): ImageRenderParams => ({
  width: 512,
  height: 512,
  seed: 42,
  prompt,
  format: "PNG",
  quality: 92,
  ...extra,
});

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

async function labelled(image: Buffer, label: string, transparent: boolean): Promise<Buffer> {
  let picture = await sharp(image).resize(TILE, TILE).png().toBuffer();
  if (transparent) {
    const cells = Array.from({ length: 64 }, (_, i) =>
      (Math.floor(i / 8) + i) % 2 === 0
        ? `<rect x="${(i % 8) * 32}" y="${Math.floor(i / 8) * 32}" width="32" height="32" fill="#bbb"/>`
        : "",
    ).join("");
    const board = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${TILE}"><rect width="${TILE}" height="${TILE}" fill="#eee"/>${cells}</svg>`,
    );
    picture = await sharp(board)
      .composite([{ input: picture }])
      .png()
      .toBuffer();
  }
  const lines =
    label.length > 38
      ? [label.slice(0, label.lastIndexOf(" ", 38)), label.slice(label.lastIndexOf(" ", 38) + 1)]
      : [label];
  const text = lines
    .map(
      (l, i) =>
        `<text x="6" y="${14 + i * 14}" font-family="DejaVu Sans, sans-serif" font-size="12" fill="#f0f0f0">${escapeXml(l)}</text>`,
    )
    .join("");
  const caption = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${LABEL}"><rect width="${TILE}" height="${LABEL}" fill="#16161a"/>${text}</svg>`,
  );
  return sharp({ create: { width: TILE, height: TILE + LABEL, channels: 3, background: "#16161a" } })
    .composite([
      { input: picture, top: 0, left: 0 },
      { input: caption, top: TILE, left: 0 },
    ])
    .png()
    .toBuffer();
}

async function workflowTiles(): Promise<Tile[]> {
  const seedImage = await renderImage(p("a lighthouse on a cliff at dusk", { seed: 7 }));
  const mask = await sharp({ create: { width: 512, height: 512, channels: 3, background: "#000" } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><circle cx="256" cy="170" r="110" fill="#fff"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const small = await sharp(seedImage).resize(320, 320).png().toBuffer();
  const guide = await preprocess(
    { bytes: await renderImage(p("neon city at night", { seed: 3 })), parameter: "guide" },
    { type: "canny", low: 100, high: 200 },
  );
  const guidePng = await sharp(guide.data, {
    raw: { width: guide.width, height: guide.height, channels: guide.channels },
  })
    .png()
    .toBuffer();
  const teal = await renderImage(p("northern lights over a frozen lake", { seed: 5 }));
  const named = (bytes: Buffer, parameter: string) => ({ bytes, parameter });
  const sea = "sunset over the sea";
  return [
    { label: "seed image for the edits", params: p("a lighthouse on a cliff at dusk", { seed: 7 }) },
    ...[0.3, 0.6, 0.9].map((strength) => ({
      label: `i2i "snowy night" strength ${strength}`,
      params: p("snowy winter night, moonlight", { seedImage, strength }),
    })),
    {
      label: 'inpaint circle "full moon" margin 48',
      params: p("full moon, stars", { seedImage, maskImage: mask, maskMargin: 48, strength: 1 }),
    },
    {
      label: "outpaint 320 -> 512, __BLANK__, blur 16",
      params: p("__BLANK__", {
        seedImage: small,
        outpaint: { top: 64, right: 128, bottom: 128, left: 64, blur: 16 },
      }),
    },
    { label: "controlNet guide (canny of a city)", params: p("x", {}), transparent: false },
    {
      label: 'controlNet on "sunset over the sea" w 1',
      params: p(sea, { controlNet: [{ guide: named(guidePng, "controlNet.0.guideImage"), weight: 1 }] }),
    },
    {
      label: "LoRA civitai:133005@782002 w 1",
      params: p(sea, { lora: [{ model: "civitai:133005@782002", weight: 1 }] }),
    },
    {
      label: "LoRA civitai:133005@782002 w -1",
      params: p(sea, { lora: [{ model: "civitai:133005@782002", weight: -1 }] }),
    },
    {
      label: "IP-adapter (aurora image) w 0.8",
      params: p(sea, { ipAdapters: [{ guide: named(teal, "ipAdapters.0.guideImage"), weight: 0.8 }] }),
    },
    {
      label: 'layerDiffuse "a red apple"',
      params: p("a red apple", { transparent: true }),
      transparent: true,
    },
    {
      label: 'layerDiffuse "a lone tree"',
      params: p("a lone pine tree", { transparent: true }),
      transparent: true,
    },
    {
      label: "hiresfix, 8 steps",
      params: p("snowy mountains with a pine forest", { steps: 8, hiresfix: true }),
    },
    { label: "8 steps (no hiresfix)", params: p("snowy mountains with a pine forest", { steps: 8 }) },
    {
      label: "sunset over the sea, negative: sun, orange",
      params: p(sea, { negativePrompt: "sun, orange" }),
    },
    { label: "CFG 0", params: p(sea, { CFGScale: 0 }) },
    { label: "CFG 30", params: p(sea, { CFGScale: 30 }) },
    { label: "steps 1", params: p("neon city at night", { steps: 1 }) },
    { label: "steps 60", params: p("neon city at night", { steps: 60 }) },
    {
      label: "scheduler Euler Ancestral, high accel.",
      params: p(sea, { scheduler: "Euler Ancestral", acceleration: "high" }),
    },
    { label: "clipSkip 2", params: p(sea, { clipSkip: 2 }) },
    {
      label: "compel: (city)1.6 at sunset, sea--",
      params: p("(city)1.6 at sunset over the sea--", { promptWeighting: "compel" }),
    },
    {
      label: "puLID idWeight 2 on portrait",
      params: p("portrait, cinematic", {
        puLID: { face: named(await sharp(seedImage).png().toBuffer(), "puLID.inputImages.0"), idWeight: 2 },
      }),
    },
  ].map((t) => (t.label.startsWith("controlNet guide") ? { ...t, image: guidePng } : t)) as Tile[];
}

/** First and last frame of a 3 s video of `prompt`, as PNGs. */
async function videoFrames(prompt: string): Promise<Buffer[]> {
  const [width, height] = [832, 480];
  const shot = await Shot.open({
    width,
    height,
    seconds: 3,
    fps: 24,
    seed: 42,
    prompt,
    format: "MP4",
    quality: 80,
    audio: false,
  });
  try {
    const frames: Buffer[] = [];
    for (const n of [0, shot.frames - 1]) {
      const rgba = Buffer.from(await shot.paint(n));
      frames.push(
        await sharp(rgba, { raw: { width, height, channels: 4 } })
          .removeAlpha()
          .resize(TILE, TILE, { fit: "cover" })
          .png()
          .toBuffer(),
      );
    }
    return frames;
  } finally {
    await shot.close();
  }
}

async function writeSheet(images: Buffer[], file: string): Promise<void> {
  const rows = Math.ceil(images.length / COLUMNS);
  await sharp({
    create: { width: COLUMNS * TILE, height: rows * (TILE + LABEL), channels: 3, background: "#000" },
  })
    .composite(
      images.map((input, i) => ({
        input,
        left: (i % COLUMNS) * TILE,
        top: Math.floor(i / COLUMNS) * (TILE + LABEL),
      })),
    )
    .png()
    .toFile(file);
}

mkdirSync(OUT_DIR, { recursive: true });
const tiles: Tile[] = [
  ...PROMPTS.map((prompt) => ({ label: prompt, params: p(prompt) })),
  ...(await workflowTiles()),
];
const started = performance.now();
const images: Buffer[] = [];
for (const tile of tiles) {
  const given = (tile as Tile & { image?: Buffer }).image;
  const bytes = given ?? (await renderImage(tile.params));
  images.push(await labelled(bytes, tile.label, tile.transparent === true));
}
const sheet = `${OUT_DIR}/contact-sheet.png`;
await writeSheet(images, sheet);
console.info(`${tiles.length} tiles in ${((performance.now() - started) / 1000).toFixed(1)} s -> ${sheet}`);

const subjectImages: Buffer[] = [];
for (const prompt of SUBJECT_PROMPTS)
  subjectImages.push(await labelled(await renderImage(p(prompt)), prompt, false));
for (const prompt of VIDEO_PROMPTS) {
  const [first, last] = await videoFrames(prompt);
  if (first) subjectImages.push(await labelled(first, `video, first frame: ${prompt}`, false));
  if (last) subjectImages.push(await labelled(last, `video, last frame: ${prompt}`, false));
}
const subjectsSheet = `${OUT_DIR}/subjects.png`;
await writeSheet(subjectImages, subjectsSheet);
console.info(`${subjectImages.length} subject tiles -> ${subjectsSheet}`);
