import { STREAM_FRAME_SHAPE } from "./stream-frame-shape";
import type { StreamFrame } from "./stream-messages";
import { fitsShape } from "./stream-shape";

/**
 * How the browser reads a frame of the live stream: the frame's text as a declared frame, or null
 * for anything else (dropped, as a malformed frame). The declarations
 * (lib/studio/api/stream-messages.ts) are zod schemas; parsing with them would load zod and build
 * every schema of the stream on every page, before the page could show anything. So the browser
 * checks each frame against the declarations' shape instead, a plain table written from them
 * (`npm run api:stream-shape`; stream-frame.test.ts fails when the two differ): every field's
 * type, which fields must be there, the literal and enumerated values, at every depth. What the
 * table leaves to the server are the bounds of a value (a string's length, a number's range); the
 * relay checks every frame it sends against the full declarations under test
 * (lib/server/stream/declared-frames.ts).
 */
export function readStreamFrame(data: string): StreamFrame | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  return fitsShape(json, STREAM_FRAME_SHAPE) ? (json as StreamFrame) : null;
}
