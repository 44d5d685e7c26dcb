/**
 * Building blocks shared by every task schema: identifiers, AIR ids, URLs and media inputs.
 */
import { z } from "zod";

/** Task and media identifiers are UUID v4 (the contract names the version). */
export const uuidV4 = z.uuidv4();

const UUID_V4_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export function isUuidV4(value: string): boolean {
  return UUID_V4_RE.test(value);
}

/**
 * AIR identifier `<namespace>:<id>@<version>`: `runware:100@1`, `civitai:133005@782002`,
 * `local:video@3.0-prime`.
 */
export const AIR_RE = /^[a-z][a-z0-9_-]*:[A-Za-z0-9][A-Za-z0-9_.-]*@[A-Za-z0-9][A-Za-z0-9_.-]*$/;
export const airId = z.string().regex(AIR_RE, {
  message: "expected an AIR identifier of the form <namespace>:<id>@<version>, such as runware:100@1",
});

export function parseAir(air: string): { namespace: string; id: string; version: string } | null {
  if (!AIR_RE.test(air)) return null;
  const colon = air.indexOf(":");
  const at = air.lastIndexOf("@");
  return { namespace: air.slice(0, colon), id: air.slice(colon + 1, at), version: air.slice(at + 1) };
}

const HTTP_URL_RE = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
function isHttpUrl(value: string): boolean {
  if (!HTTP_URL_RE.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** An http(s) URL: the only schemes the service fetches from or posts to. */
export const httpUrl = z.string().refine(isHttpUrl, { message: "expected an http(s) URL" });

export type ImageMime = "image/png" | "image/jpeg" | "image/webp";

/** Sniffs PNG, JPEG and WEBP from their first bytes (base64 of the first 12 bytes is 16 chars). */
export function sniffImageMime(bytes: Uint8Array): ImageMime | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    return "image/png";
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (
    bytes.length >= 12 &&
    bytes[0] === 0x52 &&
    bytes[1] === 0x49 &&
    bytes[2] === 0x46 &&
    bytes[3] === 0x46 &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  ) {
    return "image/webp";
  }
  return null;
}

const BASE64_RE = /^[A-Za-z0-9+/]+={0,2}$/;
const DATA_URI_RE = /^data:(image\/(?:png|jpeg|jpg|webp));base64,/i;

/**
 * The bytes of a short base64 text. `atob`, not Node's Buffer: the forms classify inputs in the
 * browser too, and a Buffer here would ship a Buffer polyfill to every page that imports this.
 */
function base64Bytes(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

function sniffBase64(data: string): ImageMime | null {
  if (data.length < 16 || data.length % 4 !== 0 || !BASE64_RE.test(data)) return null;
  return sniffImageMime(base64Bytes(data.slice(0, 16)));
}

export type ImageInputKind =
  | { kind: "uuid"; uuid: string }
  | { kind: "url"; url: string }
  | { kind: "dataURI"; mime: ImageMime; base64: string }
  | { kind: "base64"; mime: ImageMime; base64: string };

/**
 * Classifies an image input (UUID v4, http(s) URL, data URI or bare base64 of PNG/JPG/WEBP), or
 * returns null when it is none of them. The engine and the studio both use this, so the forms
 * accept exactly what the service does.
 */
export function classifyImageInput(value: string): ImageInputKind | null {
  if (isUuidV4(value)) return { kind: "uuid", uuid: value.toLowerCase() };
  if (/^https?:\/\//i.test(value)) return isHttpUrl(value) ? { kind: "url", url: value } : null;
  const dataUri = DATA_URI_RE.exec(value);
  if (dataUri) {
    const base64 = value.slice(dataUri[0].length);
    const mime = sniffBase64(base64);
    return mime ? { kind: "dataURI", mime, base64 } : null;
  }
  if (value.startsWith("data:")) return null;
  const mime = sniffBase64(value);
  return mime ? { kind: "base64", mime, base64: value } : null;
}

/** An image input: UUID v4, http(s) URL, data URI or bare base64 of a PNG, JPG or WEBP image. */
export const imageInput = z.string().refine((v) => classifyImageInput(v) !== null, {
  message:
    "expected an image input: the UUID of an uploaded or generated image, an http(s) URL, a data URI (data:image/png|jpeg|webp;base64,...) or base64 data of a PNG, JPG or WEBP image",
});

/** Video, audio and document inputs: a UUID v4 or an http(s) URL only. */
export const mediaRef = z.string().refine((v) => isUuidV4(v) || isHttpUrl(v), {
  message: "expected the UUID of an uploaded asset or an http(s) URL",
});

/** Integer schema with inclusive bounds. */
export function intIn(min: number, max?: number) {
  const base = z.int().min(min);
  return max === undefined ? base : base.max(max);
}

/** Float schema with inclusive bounds. */
export function numberIn(min: number, max: number) {
  return z.number().min(min).max(max);
}

/** Fields that control how any generation task delivers its outputs. */
export const IMAGE_OUTPUT_FORMATS = ["JPG", "PNG", "WEBP"] as const;
export const VIDEO_OUTPUT_FORMATS = ["MP4", "WEBM", "MOV"] as const;
export const OUTPUT_TYPES = ["URL", "base64Data", "dataURI"] as const;
export const DELIVERY_METHODS = ["sync", "async"] as const;
export const TTL_MIN_SECONDS = 60;
export const OUTPUT_QUALITY = { min: 20, max: 99, default: 95 } as const;

export const outputQuality = intIn(OUTPUT_QUALITY.min, OUTPUT_QUALITY.max);
export const ttlSeconds = intIn(TTL_MIN_SECONDS);
