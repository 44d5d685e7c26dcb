import { Encoder } from "./encoder";
import type { VideoRenderParams } from "./params";
import { framesOf, Shot } from "./shot";

/**
 * Renders a video: opens the shot (see shot.ts), then paints frame after frame into buffers
 * piped to ffmpeg, which encodes while the next frames are painted (the encoder's pipe applies
 * backpressure). Progress: 0 at the start, 5 once everything is prepared, then with the frames
 * handed to the encoder up to 95, and 100 when the file is complete; never decreasing.
 */

export type { VideoRenderParams } from "./params";

export async function renderVideo(
  p: VideoRenderParams,
  onProgress: (percent: number) => void,
): Promise<Buffer> {
  let progress = -1;
  const report = (v: number) => {
    const next = Math.floor(Math.min(100, v));
    if (next <= progress) return;
    progress = next;
    onProgress(next);
  };
  report(0);
  const frames = framesOf(p);
  // ffmpeg starts first: its start-up overlaps with preparing the shot.
  const encoder = await Encoder.start({
    width: p.width,
    height: p.height,
    fps: p.fps,
    frames,
    format: p.format,
    quality: p.quality,
    audio: p.audio,
    ...(p.signal ? { signal: p.signal } : {}),
  });
  let shot: Shot | undefined;
  try {
    shot = await Shot.open(p);
    if (shot.pcm) encoder.writeAudio(shot.pcm);
    report(5);
    for (let n = 0; n < frames; n++) {
      if (p.signal?.aborted) throw new Error("aborted");
      await encoder.write(await shot.paint(n, encoder.reusableBuffer()));
      report(5 + ((n + 1) / frames) * 90);
    }
    const bytes = await encoder.finish();
    p.onContentCheck?.(shot.flagged);
    report(100);
    return bytes;
  } finally {
    await encoder.dispose();
    await shot?.close();
  }
}
