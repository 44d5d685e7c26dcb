"use client";

import type { ServiceError } from "@/lib/protocol/errors";
import type { ImageRef } from "./tools";

export type UploadResult = { ok: true; image: ImageRef } | { ok: false; errors: ServiceError[] };

/** Sends one image to `POST /api/uploads`; answers the studio id a task can use as an image input. */
export async function uploadImage(file: Blob): Promise<UploadResult> {
  const form = new FormData();
  form.append("image", file);
  try {
    const response = await fetch("/api/uploads", { method: "POST", body: form, credentials: "same-origin" });
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
