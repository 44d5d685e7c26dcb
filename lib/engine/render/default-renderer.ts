import "server-only";
import { renderImage } from "./image/index";
import type { Renderer } from "./renderer";
import { renderVideo } from "./video";

/**
 * The renderer the engine uses unless one is injected. Video encodes run one at a time: ffmpeg
 * already uses every core, and two at once would only make both late (and double the memory).
 */
export function createDefaultRenderer(): Renderer {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    renderImage,
    renderVideo(params, onProgress) {
      const run = queue.then(() => renderVideo(params, onProgress));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
