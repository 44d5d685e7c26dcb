import "server-only";
import { classifyImageInput } from "@/lib/protocol/primitives";
import { eachString, mapStrings } from "@/lib/protocol/task-strings";
import type { WireTask } from "./wire";

/**
 * Images carried inside a task (data URIs, bare base64), found wherever the task holds an image
 * input (`seedImage`, `maskImage`, `referenceImages.0`, `controlNet.1.guideImage`...), so that
 * they can go to the service as uploads of their own and the task carry their UUIDs instead.
 */

export interface InlineImage {
  /** Where it sits, as the contract names a parameter (`controlNet.0.guideImage`). */
  path: string;
  /** Its length as sent, in characters (one byte each in the JSON text). */
  chars: number;
  value: string;
}

/**
 * Cheap tests first: a string shorter than `minChars`, or one that cannot be base64 by its first
 * characters, is never decoded.
 */
function maybeInline(value: string, minChars: number): boolean {
  if (value.length < Math.max(minChars, 16)) return false;
  return value.startsWith("data:") || /^[A-Za-z0-9+/]{16}/.test(value);
}

/** Every inline image of `task` of at least `minChars` characters. */
export function inlineImages(task: WireTask, minChars: number): InlineImage[] {
  const out: InlineImage[] = [];
  const { taskType: _type, taskUUID: _uuid, ...params } = task;
  eachString(params, (value, path) => {
    if (!maybeInline(value, minChars)) return;
    const kind = classifyImageInput(value)?.kind;
    if (kind === "dataURI" || kind === "base64") out.push({ path, chars: value.length, value });
  });
  return out;
}

/** A copy of `task` with the value at `path` replaced (the task itself is left as it was). */
export function replaceAt(task: WireTask, path: string, replacement: string): WireTask {
  return mapStrings(task, (value, at) => (at === path ? replacement : value));
}

/** The top-level field of `task` that takes the most room as sent (named in a size refusal). */
export function largestField(task: WireTask): string | undefined {
  let best: { key: string; size: number } | undefined;
  for (const [key, value] of Object.entries(task)) {
    const size = JSON.stringify(value)?.length ?? 0;
    if (!best || size > best.size) best = { key, size };
  }
  return best?.key;
}
