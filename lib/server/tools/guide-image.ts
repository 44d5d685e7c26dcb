import "server-only";
import { isGuardedFetchError } from "@/lib/platform/net/errors";
import type { ServiceError } from "@/lib/protocol/errors";
import type { ControlNetPreProcessResult } from "@/lib/protocol/results";
import { markUploadSent, type StudioDatabase } from "@/lib/server/db";
import { serviceMedia, type TrustedOrigins } from "@/lib/server/results/media-bytes";
import { storeUpload, UPLOAD_LIMIT_BYTES, type UploadView } from "@/lib/server/results/uploads";
import type { MediaStorage } from "@/lib/server/storage";

export interface GuideImageDeps {
  db: StudioDatabase;
  storage: MediaStorage;
  /** Origins whose media URLs may be on a private address (see `TrustedOrigins`). */
  upstreamOrigin: TrustedOrigins;
}

export type GuideImageOutcome =
  | { ok: true; upload: UploadView }
  | { ok: false; status: number; error: ServiceError };

/** The guide's bytes: inline when the task asked for base64 or a data URI, else from its URL. */
async function guideBytes(
  result: ControlNetPreProcessResult,
  upstreamOrigin: TrustedOrigins,
  signal: AbortSignal,
): Promise<Buffer | null> {
  const media = await serviceMedia(
    { base64: result.guideImageBase64Data, dataURI: result.guideImageDataURI, url: result.guideImageURL },
    upstreamOrigin,
    { fallbackMime: "image/png", maxBytes: UPLOAD_LIMIT_BYTES, timeoutMs: 60_000, signal },
  );
  return media?.bytes ?? null;
}

function unusable(message: string): GuideImageOutcome {
  return {
    ok: false,
    status: 502,
    error: { code: "invalidGuideImage", message },
  };
}

/**
 * Keeps the service's guide image as an upload of the member (the service's copy expires): the
 * answer's id then works as `guideImage` of a later task, like any studio upload. The service's
 * own id is noted on the upload so that such a task, sent soon, does not upload it again.
 * A download cut short by `signal` is reported as unusable; the caller tells it was the wait.
 */
export async function keepGuideImage(
  deps: GuideImageDeps,
  ownerId: string,
  result: ControlNetPreProcessResult,
  signal: AbortSignal,
): Promise<GuideImageOutcome> {
  let bytes: Buffer | null;
  try {
    bytes = await guideBytes(result, deps.upstreamOrigin, signal);
  } catch (err) {
    if (!isGuardedFetchError(err) && !(err instanceof TypeError)) throw err;
    return unusable(`The guide image could not be fetched from the media service: ${err.message}`);
  }
  if (!bytes) return unusable("The media service answered without a guide image.");
  const stored = await storeUpload(deps.db, deps.storage, ownerId, bytes);
  if (!stored.ok) return unusable(`The media service's guide image could not be kept: ${stored.message}`);
  await markUploadSent(deps.db, stored.upload.id, result.guideImageUUID);
  return { ok: true, upload: stored.upload };
}
