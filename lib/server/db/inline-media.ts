import "server-only";
import { createHash } from "node:crypto";
import { classifyImageInput } from "@/lib/protocol/primitives";
import { type InlineMediaRef, isInlineMediaRef } from "@/lib/studio/inline-media-ref";
import { RecordError } from "./record-errors";

/**
 * A task's params are kept as sent, except media sent inline (data URIs, bare base64): a single
 * seed image or mask can be megabytes, and a gallery page reads many task rows. Each inline value
 * is replaced by a reference object, and its bytes go to a sink (media storage) when one is given.
 */

export interface InlineMedia {
  mime: string;
  bytes: Buffer;
  /** Hex SHA-256 of the bytes: the same mask sent with a hundred tasks is stored once. */
  sha256: string;
  /** Where it was in the params (`seedImage`, `inputs.frameImages.0.image`). */
  path: string;
}

/** Stores one inline value and returns its storage key. */
export type InlineMediaSink = (media: InlineMedia) => Promise<string>;

export { type InlineMediaRef, isInlineMediaRef };

// Deeper than any task the contract allows; a bound keeps a hostile body from exhausting the stack.
const MAX_DEPTH = 64;
const DATA_URI_RE = /^data:([a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+)((?:;[^;,]*)*);base64,/i;

/** Reads inline media from a string, or null when the string is something else. */
export function parseInlineMedia(value: string): { mime: string; bytes: Buffer } | null {
  const dataUri = DATA_URI_RE.exec(value);
  if (dataUri?.[1] !== undefined) {
    return { mime: dataUri[1].toLowerCase(), bytes: Buffer.from(value.slice(dataUri[0].length), "base64") };
  }
  // Bare base64 is recognised exactly as the contract's image inputs are (PNG, JPEG, WEBP magic),
  // so a long prompt that happens to be base64-shaped stays a prompt.
  const image = classifyImageInput(value);
  if (image?.kind === "base64") return { mime: image.mime, bytes: Buffer.from(image.base64, "base64") };
  return null;
}

/** A copy of `value` with every inline media string replaced by an `InlineMediaRef`. */
export async function externalizeInlineMedia<T>(value: T, sink?: InlineMediaSink): Promise<T> {
  return (await walk(value, "", 0, sink)) as T;
}

async function walk(
  value: unknown,
  path: string,
  depth: number,
  sink: InlineMediaSink | undefined,
): Promise<unknown> {
  if (depth > MAX_DEPTH) {
    throw new RecordError(
      "invalidRecord",
      `Task params nest deeper than ${MAX_DEPTH} levels.`,
      path || "params",
    );
  }
  if (typeof value === "string") return externalizeString(value, path, sink);
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const [i, entry] of value.entries())
      out.push(await walk(entry, join(path, String(i)), depth + 1, sink));
    return out;
  }
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value))
      out[key] = await walk(entry, join(path, key), depth + 1, sink);
    return out;
  }
  return value;
}

async function externalizeString(
  value: string,
  path: string,
  sink: InlineMediaSink | undefined,
): Promise<unknown> {
  const media = parseInlineMedia(value);
  if (media === null) return value;
  const sha256 = createHash("sha256").update(media.bytes).digest("hex");
  const ref: InlineMediaRef = { $inline: { mime: media.mime, bytes: media.bytes.length, sha256 } };
  if (sink !== undefined) ref.$inline.storageKey = await sink({ ...media, sha256, path });
  return ref;
}

function join(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}
