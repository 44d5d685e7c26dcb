import "server-only";
import { isDeepStrictEqual } from "node:util";
import { type StreamFrame, streamFrameSchema } from "@/lib/studio/api/stream-messages";

/** Read once: the stream checks every frame it publishes and sends, and the environment is slow to ask. */
const UNDER_TEST = Boolean(process.env.VITEST);

/**
 * Under vitest every frame the stream sends is checked against its declaration
 * (lib/studio/api/stream-messages.ts), the way `route()` checks answers: a field that is not
 * declared would be missing from the AsyncAPI document and from the shape browsers check frames
 * against, so a
 * frame must come out of its schema exactly as it went in. Outside tests this costs nothing.
 */
export function checkFrame(frame: StreamFrame): void {
  if (!UNDER_TEST) return;
  // As JSON will carry it: a key whose value is undefined is not sent. (Not by JSON.stringify:
  // tests count the relay's encodings.)
  const sent = defined(frame);
  const parsed = streamFrameSchema.safeParse(sent);
  if (!parsed.success) {
    throw new Error(
      `The stream sent a "${frame.type}" frame outside its declaration: ${parsed.error.message}`,
    );
  }
  if (!isDeepStrictEqual(defined(parsed.data), sent)) {
    throw new Error(`The stream sent a "${frame.type}" frame with fields its declaration lacks`);
  }
}

function defined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(defined);
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = defined(v);
  return out;
}
