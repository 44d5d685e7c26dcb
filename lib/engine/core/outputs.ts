import "server-only";
import type { MediaStore } from "../store/media-store";
import type { MediaRef } from "../store/task-store";

/**
 * How a result's media is written into the result object: `<field>UUID` always, plus
 * `<field>URL` (absolute, served by the engine), `<field>Base64Data` or `<field>DataURI`.
 *
 * Task records never hold media bytes or absolute URLs: they keep a `MediaRef` and the fields are
 * rebuilt when polled, with the poller's origin and from the media store.
 */

export const MEDIA_PATH = "/v1/media";

/** Where a file is served; `capability` (when the store gives URLs one) is a path segment. */
export function mediaUrl(
  baseUrl: string,
  uuid: string,
  ext: string,
  capability: string | null = null,
): string {
  return `${baseUrl}${MEDIA_PATH}/${capability === null ? "" : `${capability}/`}${uuid}.${ext}`;
}

const SUFFIX: Record<MediaRef["encoding"], string> = {
  URL: "URL",
  base64Data: "Base64Data",
  dataURI: "DataURI",
};

/** The media fields of a result, from bytes in hand (no store read). */
export function mediaFields(
  field: string,
  uuid: string,
  ext: string,
  mime: string,
  outputType: MediaRef["encoding"],
  baseUrl: string,
  bytes: Buffer | undefined,
  capability: string | null = null,
): Record<string, string> {
  const out: Record<string, string> = { [`${field}UUID`]: uuid };
  const key = `${field}${SUFFIX[outputType]}`;
  if (outputType === "URL") out[key] = mediaUrl(baseUrl, uuid, ext, capability);
  else if (bytes) {
    const base64 = bytes.toString("base64");
    out[key] = outputType === "dataURI" ? `data:${mime};base64,${base64}` : base64;
  }
  return out;
}

/** Rebuilds a polled result's media fields; inline data needs the file, gone once it expired. */
export async function materialize(
  ref: MediaRef,
  media: MediaStore,
  baseUrl: string,
): Promise<Record<string, string>> {
  if (ref.encoding === "URL") {
    const capability = media.capability(ref.mediaUUID);
    return mediaFields(ref.field, ref.mediaUUID, ref.ext, ref.mime, "URL", baseUrl, undefined, capability);
  }
  const stored = await media.read(ref.mediaUUID);
  return mediaFields(ref.field, ref.mediaUUID, ref.ext, ref.mime, ref.encoding, baseUrl, stored?.bytes);
}
