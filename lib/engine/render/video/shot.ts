import { ease } from "./camera";
import { FrameChecker } from "./frame-safety";
import { drawInset, insetSize } from "./insets";
import { decodeAudio, probeFile, TempMedia, VideoFrameReader } from "./media-decode";
import { loadStill, StillsPainter } from "./media-painter";
import {
  buildImageCard,
  buildTitleCard,
  drawImageCards,
  drawTitleCard,
  type ImageCard,
  type TitleCard,
} from "./overlays";
import type { VideoRenderParams } from "./params";
import { createFrame, type Frame, zoomInto } from "./raster";
import { paletteOf, withPalette } from "./reference-palette";
import { readScene } from "./scene";
import { ScenePainter } from "./scene-painter";
import { envelope, mixReferences, synthesize, toPcm16 } from "./soundtrack";
import { firstWords } from "./source-text";
import { buildSubjectSprites, withSubjectSetting } from "./subject-layer";
import { buildTimeline } from "./timeline";

/**
 * A shot: what a video is made of before encoding. `openShot` reads the prompt as a scene and
 * prepares everything frames reuse (layers, stills, cards, title, decoded references, the
 * soundtrack); `paint(n)` then makes frame n as raw RGBA, as a function of n alone.
 *
 * A shot is one of three kinds, by its inputs: frame images (it starts on the first image and
 * lands on the last), a reference video (its frames are the background plate), or the
 * procedural scene of the prompt. Effects, reference cards, insets and the title card go on top.
 * Frames must be painted in order when reference videos stream in (their decoders only go
 * forward).
 *
 * Sound: reference audios, and the sound of every reference video that has an audio stream, are
 * mixed over the generated music (see soundtrack.ts). Only reference audios drive the picture's
 * glow, so the frames do not depend on whether the output has audio.
 */

interface Prepared {
  stills?: StillsPainter;
  title?: TitleCard;
  cards: ImageCard[];
  /** Reference audios: mixed into the soundtrack; the first one's loudness drives the glow. */
  audios: Float32Array[];
  /** Reference videos' own sound, decoded only when the output has audio; mixed in too. */
  videoSounds: Float32Array[];
}

/** Owned by the render, so that whatever was started is cleaned up even if preparing fails. */
interface Resources {
  temps: TempMedia[];
  readers: VideoFrameReader[];
}

async function prepare(
  p: VideoRenderParams,
  seconds: number,
  frames: number,
  res: Resources,
  at: (kind: string, i: number) => number,
): Promise<Prepared> {
  const { width: w, height: h, fps, signal } = p;
  const out: Prepared = { cards: [], audios: [], videoSounds: [] };
  if (p.firstFrame) {
    const [first, last] = await Promise.all([
      loadStill(p.firstFrame, w, h),
      p.lastFrame ? loadStill(p.lastFrame, w, h) : Promise.resolve(undefined),
    ]);
    out.stills = new StillsPainter(first, last);
  }
  const text = p.text;
  if (text && (text.title || text.body)) {
    const title = text.title || firstWords(text.body, 6);
    const line = text.title
      ? firstWords(text.body, 14)
      : firstWords(text.body.split(/\s+/).slice(6).join(" "), 14);
    out.title = { sprite: await buildTitleCard(title, line, [255, 255, 255], w, h), at: at("title", 0) };
  }
  out.cards = await Promise.all(
    (p.referenceImages ?? []).map((img, i) => buildImageCard(img, w, h, at("card", i))),
  );
  for (const ref of p.referenceAudios ?? []) {
    const temp = await TempMedia.write(ref.bytes);
    res.temps.push(temp);
    out.audios.push(await decodeAudio(temp.file, seconds, signal));
  }
  for (const [i, ref] of (p.referenceVideos ?? []).entries()) {
    const temp = await TempMedia.write(ref.bytes);
    res.temps.push(temp);
    const info = ref.info ?? (await probeFile(temp.file, signal));
    if (!info?.video) throw new Error(`reference video ${i + 1} has no readable video stream`);
    const size = i === 0 ? { width: w, height: h } : insetSize(w, h);
    res.readers.push(new VideoFrameReader(temp.file, info, size.width, size.height, fps, seconds, frames));
    if (p.audio && info.audio) out.videoSounds.push(await decodeAudio(temp.file, seconds, signal));
  }
  return out;
}

/** Frames in a shot: duration x rate, at least one. */
export function framesOf(p: Pick<VideoRenderParams, "seconds" | "fps">): number {
  return Math.max(1, Math.round(p.seconds * p.fps));
}

export class Shot {
  readonly frames: number;
  readonly seconds: number;
  /** 16-bit stereo PCM at 48 kHz, or undefined for no audio stream. */
  pcm: Buffer | undefined;
  private readonly res: Resources = { temps: [], readers: [] };
  private prepared: Prepared = { cards: [], audios: [], videoSounds: [] };
  private painter!: ScenePainter;
  private checker: FrameChecker | undefined;
  private loudness: Float32Array | undefined;
  private readonly world: Frame;
  private plate: Frame | undefined;
  private insets: Frame[] = [];
  private readonly xs: Int32Array;

  private constructor(private readonly p: VideoRenderParams) {
    this.frames = framesOf(p);
    this.seconds = this.frames / p.fps;
    this.world = createFrame(p.width, p.height);
    this.xs = new Int32Array(p.width);
  }

  /** Prepares a shot; on failure everything started is already cleaned up. */
  static async open(p: VideoRenderParams): Promise<Shot> {
    const shot = new Shot(p);
    try {
      await shot.prepare();
      return shot;
    } catch (err) {
      await shot.close();
      throw err;
    }
  }

  private async prepare(): Promise<void> {
    const { p, seconds, frames } = this;
    const { width: w, height: h, fps } = p;
    const images = p.referenceImages ?? [];
    const scene = withSubjectSetting(
      withPalette(readScene(p.prompt, p.seed), images.length > 0 ? await paletteOf(images) : null),
      p.prompt,
    );
    const timeline = buildTimeline(scene, p.seed, seconds, {
      title: Boolean(p.text && (p.text.title || p.text.body)),
      cards: images.length,
      dissolve: Boolean(p.firstFrame && p.lastFrame),
    });
    const at = (kind: string, i: number) => timeline.events.filter((e) => e.kind === kind)[i]?.at ?? 0;
    this.prepared = await prepare(p, seconds, frames, this.res, at);
    const { audios, videoSounds, cards } = this.prepared;
    this.pcm = p.audio
      ? toPcm16(mixReferences(synthesize(scene, p.seed, timeline), [...audios, ...videoSounds]))
      : undefined;
    this.loudness = audios.length > 0 ? envelope(audios[0] as Float32Array, fps, frames) : undefined;
    // Over frame images or a reference video the prompt's subjects are not drawn: the plate is the picture.
    const subjects =
      p.firstFrame || this.res.readers[0] ? [] : buildSubjectSprites(p.prompt, p.seed, scene, w, h);
    this.painter = new ScenePainter(scene, p.seed, w, h, seconds, timeline, subjects);
    this.checker = p.contentCheck ? new FrameChecker(p.contentCheck, fps, frames) : undefined;
    if (this.checker)
      for (const card of cards) this.checker.inspect(card.photo.px, card.photo.width, card.photo.height);
    if (this.res.readers[0]) this.plate = createFrame(w, h);
    const inset = insetSize(w, h);
    this.insets = this.res.readers.slice(1).map(() => createFrame(inset.width, inset.height));
  }

  /** True when the content check (if any) flagged a frame painted so far. */
  get flagged(): boolean {
    return this.checker?.flagged ?? false;
  }

  /**
   * Paints frame `n` into `into` (a buffer the encoder has finished with) or a new buffer. The
   * buffer is handed to the encoder's pipe, so it is not touched again until the pipe is done.
   */
  async paint(n: number, into?: Buffer): Promise<Buffer> {
    const { p, painter, checker, world, plate, xs } = this;
    const { width: w, height: h } = p;
    const { stills, title, cards } = this.prepared;
    const readers = this.res.readers;
    const frames = this.frames;
    const t = frames <= 1 ? 0 : n / (frames - 1);
    const s = n / p.fps;
    const buf = into?.length === w * h * 4 ? into : Buffer.allocUnsafeSlow(w * h * 4);
    const out: Frame = { width: w, height: h, px: new Uint32Array(buf.buffer, buf.byteOffset, w * h) };
    const cam = painter.camera(t);
    const energy = this.loudness ? 0.4 + 1.2 * (this.loudness[n] ?? 0) : 1;
    if (stills) {
      stills.paint(out, t, cam, painter.camera(1 - t));
      if (checker?.wants(n)) checker.inspect(out.px, w, h);
      // Effects fade in from the first image and, with a last image, out again before it.
      const amount = stills.dissolve(1) > 0 ? Math.sin(Math.PI * t) : ease(t / 0.6);
      painter.paintEffects(out, t, cam, amount, energy);
    } else {
      const zoomed = cam.scale > 1.0005;
      const target = zoomed ? world : out;
      if (plate && readers[0]) {
        await readers[0].next(plate.px);
        if (checker?.wants(n)) checker.inspect(plate.px, w, h);
        target.px.set(plate.px);
        painter.paintEffects(target, t, cam, 0.8, energy);
      } else {
        painter.paint(target, t, cam, energy);
      }
      if (zoomed) zoomInto(out, world, cam.scale, w / 2, h / 2, xs);
    }
    for (const [i, inset] of this.insets.entries()) {
      await readers[i + 1]?.next(inset.px);
      if (checker?.wants(n)) checker.inspect(inset.px, inset.width, inset.height);
      drawInset(out, inset, i);
    }
    if (cards.length > 0) drawImageCards(out, cards, t, s);
    if (title) drawTitleCard(out, title, s, this.seconds);
    return buf;
  }

  /** Stops reference decoders and removes temporary files. */
  async close(): Promise<void> {
    for (const r of this.res.readers) r.close();
    await Promise.all(this.res.temps.map((t) => t.remove()));
  }
}
