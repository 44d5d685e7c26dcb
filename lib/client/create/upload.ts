"use client";

import type { ServiceError } from "@/lib/protocol/errors";
import { api } from "@/lib/studio/api/addresses";
import { urlOf } from "@/lib/studio/api/url";
import { TOO_LARGE_MESSAGE, UPLOAD_LIMIT_BYTES } from "@/lib/studio/uploads";
import type { ImageRef } from "./tools";

export type UploadResult = { ok: true; image: ImageRef } | { ok: false; errors: ServiceError[] };

/** Sends one image to `POST /api/uploads`; answers the studio id a task can use as an image input. */
export async function uploadImage(file: Blob): Promise<UploadResult> {
  // Refused here rather than after sending megabytes the studio would refuse anyway.
  if (file.size > UPLOAD_LIMIT_BYTES) {
    return { ok: false, errors: [{ code: "invalidImage", message: TOO_LARGE_MESSAGE, parameter: "image" }] };
  }
  const form = new FormData();
  form.append("image", file);
  try {
    const response = await fetch(urlOf(api.uploads.create), {
      method: "POST",
      body: form,
      credentials: "same-origin",
    });
    const payload = (await response.json().catch(() => null)) as {
      data?: ImageRef;
      errors?: ServiceError[];
    } | null;
    if (response.ok && payload?.data) return { ok: true, image: payload.data };
    return {
      ok: false,
      errors: payload?.errors ?? [
        { code: "httpError", message: `The upload failed (HTTP ${response.status}).` },
      ],
    };
  } catch {
    return { ok: false, errors: [{ code: "networkError", message: "The studio could not be reached." }] };
  }
}

/**
 * Why a chosen file was not taken, naming it (a person may have picked several in a row), and
 * saying that the image already in the field stays.
 */
export function refusalMessage(file: Blob, errors: readonly ServiceError[], kept: boolean): string {
  const name = file instanceof File && file.name ? `“${file.name}”` : "The pasted image";
  const why = errors.map((e) => e.message).join(" ");
  return `${name} was not used: ${why}${kept ? " The image shown is kept." : ""}`;
}
