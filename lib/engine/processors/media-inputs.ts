import "server-only";
import { GuardedFetchError } from "@/lib/platform/net/errors";
import { guardedRequest, type NetworkOptions } from "@/lib/platform/net/guarded-fetch";
import sharp, { type Metadata } from "@/lib/platform/sharp";
import { type ServiceError, ServiceErrorException, serviceErrors } from "@/lib/protocol/errors";
import { classifyImageInput, isUuidV4 } from "@/lib/protocol/primitives";
import type { MediaStore } from "../store/media-store";

/**
 * Turns a task's media inputs into bytes. A UUID resolves to stored media (uploaded or generated;
 * unknown or expired is an error naming the parameter), a URL is fetched only through the guarded
 * fetcher (address policy, size and time limits), a data URI or bare base64 is decoded. Images are
 * checked to really be PNG, JPG or WEBP and measured.
 */

/** Largest image input fetched from a URL. */
export const MAX_IMAGE_INPUT_BYTES = 25 * 1024 * 1024;
/** Largest video, audio or document input fetched from a URL. */
export const MAX_MEDIA_INPUT_BYTES = 100 * 1024 * 1024;
export const INPUT_FETCH_TIMEOUT_MS = 30_000;

export interface LoadedMedia {
  bytes: Buffer;
  mime: string;
  /** Set when the input was a stored UUID. */
  uuid?: string;
  width?: number;
  height?: number;
}

const IMAGE_FORMATS: Record<string, string> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };

function fail(error: ServiceError): never {
  throw new ServiceErrorException(error);
}

function fetchFailure(parameter: string, err: unknown): never {
  if (err instanceof GuardedFetchError) {
    const why =
      err.reason === "forbiddenAddress"
        ? "the URL points to a private or loopback address the engine does not fetch from (ENGINE_ALLOW_PRIVATE_URLS=1 allows it)"
        : err.reason === "tooLarge"
          ? "the file is larger than the engine accepts"
          : err.reason === "timeout"
            ? "the download took too long"
            : err.reason === "httpStatus"
              ? `the server answered ${err.status ?? "an error"}`
              : err.message;
    fail(serviceErrors.mediaUnreadable(parameter, why));
  }
  fail(serviceErrors.mediaUnreadable(parameter, "the download failed"));
}

export class MediaInputs {
  constructor(
    private readonly media: MediaStore,
    private readonly network: NetworkOptions,
  ) {}

  /** A quick local check used before an async task is acknowledged: do referenced UUIDs exist? */
  checkUuid(value: string, parameter: string): ServiceError | null {
    if (!isUuidV4(value)) return null;
    return this.media.get(value) ? null : serviceErrors.mediaNotFound(value, parameter);
  }

  private async fetch(url: string, parameter: string, maxBytes: number, signal?: AbortSignal) {
    try {
      return await guardedRequest(url, {
        ...this.network,
        method: "GET",
        maxBytes,
        timeoutMs: INPUT_FETCH_TIMEOUT_MS,
        ...(signal ? { signal } : {}),
      });
    } catch (err) {
      fetchFailure(parameter, err);
    }
  }

  /** An image input: UUID, URL, data URI or base64 of a PNG, JPG or WEBP image. */
  async image(value: string, parameter: string, signal?: AbortSignal): Promise<LoadedMedia> {
    const kind = classifyImageInput(value);
    let bytes: Buffer;
    let uuid: string | undefined;
    if (kind === null)
      fail(serviceErrors.mediaUnreadable(parameter, "not a UUID, URL, data URI or base64 image"));
    if (kind.kind === "uuid") {
      const stored = await this.media.read(kind.uuid);
      if (!stored) fail(serviceErrors.mediaNotFound(value, parameter));
      bytes = stored.bytes;
      uuid = stored.meta.uuid;
    } else if (kind.kind === "url") {
      bytes = (await this.fetch(kind.url, parameter, MAX_IMAGE_INPUT_BYTES, signal)).body;
    } else {
      bytes = Buffer.from(kind.base64, "base64");
    }
    let meta: Metadata;
    try {
      meta = await sharp(bytes).metadata();
    } catch {
      fail(serviceErrors.mediaUnreadable(parameter, "the data is not a readable image"));
    }
    const mime = meta.format ? IMAGE_FORMATS[meta.format] : undefined;
    if (!mime || !meta.width || !meta.height) {
      fail(serviceErrors.mediaUnreadable(parameter, "the image is not a PNG, JPG or WEBP image"));
    }
    const loaded: LoadedMedia = { bytes, mime, width: meta.width, height: meta.height };
    if (uuid) loaded.uuid = uuid;
    return loaded;
  }

  /** A video, audio or document input (UUID or URL); the bytes are fetched but not decoded. */
  async reference(value: string, parameter: string, signal?: AbortSignal): Promise<LoadedMedia> {
    if (isUuidV4(value)) {
      const stored = await this.media.read(value);
      if (!stored) fail(serviceErrors.mediaNotFound(value, parameter));
      return { bytes: stored.bytes, mime: stored.meta.mime, uuid: stored.meta.uuid };
    }
    const res = await this.fetch(value, parameter, MAX_MEDIA_INPUT_BYTES, signal);
    const type = res.headers["content-type"];
    return { bytes: res.body, mime: typeof type === "string" ? type.split(";")[0]?.trim() || "" : "" };
  }
}
