import { SAMPLE_RATE } from "./media-decode";
import type { Scene } from "./scene";
import { seededRandom } from "./seeded-random";
import { beatSeconds, type Timeline } from "./timeline";

/**
 * The soundtrack generated from the prompt: a seeded chord progression played as a soft pad, a
 * bass note per bar, and a rhythm whose tempo is the timeline's (slow scenes breathe, fast ones
 * run). Calm scenes keep only a heartbeat kick; energetic ones add hats. Weather and water add
 * their texture (surf in time with the waves, rain hiss, thunder after a flash), and the pad
 * swells into every timeline event. Reference audios and the sound of reference videos are mixed
 * on top, the music ducked under them. Output: interleaved stereo float at 48 kHz, `seconds`
 * long; the generated music fades in and out, the reference sounds play as they are.
 */

const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];
/** Progressions as scale degrees (0-based). */
const PROGRESSIONS = [
  [0, 5, 3, 4],
  [0, 3, 5, 4],
  [5, 3, 0, 4],
  [0, 4, 5, 3],
];

const midiHz = (m: number) => 440 * 2 ** ((m - 69) / 12);

/** One sine period: oscillators read it by phase (0-1) instead of calling Math.sin per sample. */
const TABLE_SIZE = 4096;
const SINE = Float32Array.from({ length: TABLE_SIZE + 1 }, (_, i) =>
  Math.sin((2 * Math.PI * i) / TABLE_SIZE),
);
const sine = (phase: number) => SINE[((phase - Math.floor(phase)) * TABLE_SIZE) | 0] as number;

/** Deterministic white noise (xorshift), so the same request gives the same samples. */
function noise(seed: number) {
  let s = seed | 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2147483648 - 1;
  };
}

export function synthesize(scene: Scene, seed: number, timeline: Timeline): Float32Array {
  const rnd = seededRandom("soundtrack", seed);
  const seconds = timeline.seconds;
  const n = Math.round(SAMPLE_RATE * seconds);
  const out = new Float32Array(n * 2);
  const scale = scene.moody ? MINOR : MAJOR;
  const root = 45 + Math.floor(rnd() * 7); // A2 to D#3
  const progression = PROGRESSIONS[Math.floor(rnd() * PROGRESSIONS.length)] ?? [0, 5, 3, 4];
  const beat = beatSeconds(timeline.bpm);
  const bar = beat * 4;
  const energetic = scene.speed > 1 || scene.neon;
  const calm = scene.speed < 1;
  const white = noise(seed ^ 0x5bd1e995);

  const chordAt = (s: number) => {
    const degree = progression[Math.floor(s / bar) % progression.length] ?? 0;
    return [0, 2, 4, 6].map((k) => {
      const d = degree + k;
      return root + 12 + (scale[d % 7] ?? 0) + 12 * Math.floor(d / 7);
    });
  };
  // Swells: the pad rises over the 1.5 s before each event and decays after it.
  const swell = (s: number) => {
    let v = 0;
    for (const ev of timeline.events) {
      const d = s - ev.at;
      if (d > -1.5 && d < 0) v = Math.max(v, (1 + d / 1.5) ** 2);
      else if (d >= 0 && d < 1.2) v = Math.max(v, 1 - d / 1.2);
    }
    return v;
  };

  let barIndex = -1;
  let freqs: number[] = [];
  let bassF = 0;
  const phases = new Float64Array(8);
  let bassPhase = 0;
  let kickPhase = 0;
  let lastBeat = -1;
  let swellNow = 0;
  let lowpass = 0;
  let hiss = 0;
  let rumble = 0;
  for (let i = 0; i < n; i++) {
    const s = i / SAMPLE_RATE;
    if (Math.floor(s / bar) !== barIndex) {
      barIndex = Math.floor(s / bar);
      const chord = chordAt(s);
      freqs = chord.map(midiHz);
      bassF = midiHz((chord[0] ?? root) - 12);
    }
    const inBar = (s % bar) / bar;
    if ((i & 255) === 0) swellNow = swell(s);
    // Pad: detuned sines with a slow breath; louder on swells.
    let pad = 0;
    for (let v = 0; v < freqs.length; v++) {
      const f = freqs[v] as number;
      const a = (phases[v * 2] as number) + f / SAMPLE_RATE;
      const b = (phases[v * 2 + 1] as number) + (f * 1.003) / SAMPLE_RATE;
      phases[v * 2] = a;
      phases[v * 2 + 1] = b;
      pad += sine(a) + 0.35 * sine(b);
    }
    const breath = 0.75 + 0.25 * sine(s * 0.2);
    pad *= 0.028 * breath * (1 + 1.3 * swellNow) * Math.min(1, inBar * 8 + 0.5);
    // Bass: the chord's root an octave down, plucked each bar.
    bassPhase += bassF / SAMPLE_RATE;
    const bass = 0.11 * sine(bassPhase) * Math.exp(-inBar * 3);
    // Kick on every beat (calm: every other beat); hats on off-beats when energetic.
    const bt = s % beat;
    const beatIndex = Math.floor(s / beat);
    if (beatIndex !== lastBeat) {
      lastBeat = beatIndex;
      kickPhase = 0;
    }
    let drums = 0;
    if (bt < 0.5 && (!calm || beatIndex % 2 === 0)) {
      kickPhase += (50 + 90 * Math.exp(-bt * 30)) / SAMPLE_RATE;
      drums += (calm ? 0.18 : 0.3) * sine(kickPhase) * Math.exp(-bt * 9);
    }
    const ht = (s + beat / 2) % beat;
    if (energetic) {
      const h = white();
      const crisp = h - lowpass;
      lowpass += 0.5 * (h - lowpass);
      drums += 0.07 * crisp * Math.exp(-ht * 60);
    }
    // Textures.
    let tex = 0;
    if (scene.water) {
      const surf = 0.5 + 0.5 * sine(s * 0.18 * scene.speed);
      hiss += 0.02 * (white() - hiss);
      tex += 0.9 * hiss * surf * surf;
    }
    if (scene.particles.includes("rain")) tex += 0.025 * white();
    if (scene.lightning) {
      for (const ev of timeline.events) {
        const d = s - ev.at - 0.15;
        if (ev.kind === "flash" && d > 0 && d < 2.5) {
          rumble += 0.01 * (white() - rumble);
          tex += 4 * rumble * Math.exp(-d * 1.4);
        }
      }
    }
    const fade = Math.min(1, s / 0.3, (seconds - s) / 0.5);
    const mono = (pad + bass + drums + tex) * fade;
    const pan = 0.12 * sine(s * 0.13);
    out[i * 2] = mono * (1 - pan) + pad * 0.15 * fade;
    out[i * 2 + 1] = mono * (1 + pan) - pad * 0.15 * fade;
  }
  return out;
}

/**
 * Mixes references (reference audios, reference videos' sound) over the music, which is ducked to
 * 45 % under them; each reference is scaled by 0.9 / sqrt(count), so more of them stay near the
 * level of one.
 */
export function mixReferences(music: Float32Array, references: Float32Array[]): Float32Array {
  if (references.length === 0) return music;
  const gain = 0.9 / Math.sqrt(references.length);
  for (let i = 0; i < music.length; i++) {
    let v = (music[i] as number) * 0.45;
    for (const r of references) v += (r[i] ?? 0) * gain;
    music[i] = v;
  }
  return music;
}

/** Float samples to 16-bit little-endian PCM for ffmpeg, soft-clipped. */
export function toPcm16(samples: Float32Array): Buffer {
  const out = Buffer.allocUnsafe(samples.length * 2);
  // Int16Array is host-endian; every platform Node runs the engine on is little-endian.
  const pcm = new Int16Array(out.buffer, out.byteOffset, samples.length);
  for (let i = 0; i < samples.length; i++) {
    const x = samples[i] as number;
    pcm[i] = Math.round((x > 1 || x < -1 ? Math.tanh(x) : x) * 32000);
  }
  return out;
}

/** Loudness per video frame (RMS of both channels): drives glow and particles in audio-led shots. */
export function envelope(samples: Float32Array, fps: number, frames: number): Float32Array {
  const env = new Float32Array(frames);
  const per = Math.floor((SAMPLE_RATE / fps) * 2);
  let peak = 1e-6;
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = f * per; i < Math.min(samples.length, (f + 1) * per); i++)
      sum += (samples[i] as number) ** 2;
    env[f] = Math.sqrt(sum / per);
    peak = Math.max(peak, env[f] as number);
  }
  for (let f = 0; f < frames; f++) env[f] = (env[f] as number) / peak;
  return env;
}
