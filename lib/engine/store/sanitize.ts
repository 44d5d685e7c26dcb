import "server-only";
import { classifyImageInput } from "@/lib/protocol/primitives";

/**
 * Task parameters as kept in the task journal: inline media (data URIs, bare base64) replaced by
 * a marker naming its size, so a journal line stays small and no uploaded picture is copied into
 * it. UUIDs and URLs are kept: they are references, not content.
 */
export const INLINE_MARKER_PREFIX = "[inline ";

/** Long strings that are base64 but not recognised as an image (audio, video, garbage). */
const LONG_BASE64_RE = /^[A-Za-z0-9+/=\r\n]{512,}$/;

function marker(value: string): string | null {
  if (value.length < 64) return null;
  if (value.startsWith("data:")) {
    const comma = value.indexOf(",");
    const mime = value.slice(5, comma === -1 ? 40 : Math.min(comma, 60)).replace(/;base64$/, "");
    return `${INLINE_MARKER_PREFIX}${mime || "data"}, ${value.length} chars]`;
  }
  const kind = classifyImageInput(value);
  if (kind?.kind === "base64") return `${INLINE_MARKER_PREFIX}${kind.mime} base64, ${value.length} chars]`;
  if (value.length >= 512 && LONG_BASE64_RE.test(value.slice(0, 4096))) {
    return `${INLINE_MARKER_PREFIX}base64, ${value.length} chars]`;
  }
  return null;
}

/** True when `value` holds a string long enough to be inline media (then it needs a copy). */
function hasLongString(value: unknown): boolean {
  if (typeof value === "string") return value.length >= 64;
  if (Array.isArray(value)) return value.some(hasLongString);
  if (typeof value === "object" && value !== null) {
    for (const v of Object.values(value)) if (hasLongString(v)) return true;
  }
  return false;
}

/**
 * The parameters to keep. Most tasks carry no long string and are kept as they are (the parsed
 * task is never mutated afterwards); only those that might hold inline media are copied.
 */
export function sanitizeParams(value: unknown): unknown {
  return hasLongString(value) ? sanitizeCopy(value) : value;
}

function sanitizeCopy(value: unknown): unknown {
  if (typeof value === "string") return marker(value) ?? value;
  if (Array.isArray(value)) return value.map(sanitizeCopy);
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = sanitizeCopy(v);
    return out;
  }
  return value;
}
