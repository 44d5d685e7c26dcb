import "server-only";
import type { InlineMediaSink } from "../db/inline-media";
import { inputMediaKey, type MediaStorage } from "./media-storage";

/**
 * Keeps the inline media of sent tasks (see `recordTasks`) in media storage, by content: the same
 * mask or seed image sent with many tasks is one object, written once.
 */
export function inlineMediaSink(storage: MediaStorage): InlineMediaSink {
  return async (media) => {
    const key = inputMediaKey(media.sha256, media.mime);
    if ((await storage.stat(key)) === null) await storage.put(key, media.bytes, { mime: media.mime });
    return key;
  };
}
