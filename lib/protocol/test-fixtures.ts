/** Shared fixtures for protocol tests: small valid media and a UUID factory. */
import { randomUUID } from "node:crypto";

/** A 1x1 transparent PNG. */
export const PNG_1PX_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
export const PNG_1PX_DATA_URI = `data:image/png;base64,${PNG_1PX_BASE64}`;
/** The first bytes of a JPEG (SOI + APP0 marker), enough for sniffing. */
export const JPEG_HEAD_BASE64 = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1,
]).toString("base64");
/** `RIFF....WEBPVP8 ` header. */
export const WEBP_HEAD_BASE64 = Buffer.from("RIFF\u0024\u0000\u0000\u0000WEBPVP8 ", "latin1").toString(
  "base64",
);
/** A GIF header: a real image format the service does not accept. */
export const GIF_HEAD_BASE64 = Buffer.from("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000", "latin1").toString(
  "base64",
);

export function uuid(): string {
  return randomUUID();
}
