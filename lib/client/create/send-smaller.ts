"use client";

import { useCallback, useState } from "react";
import type { ServiceError } from "@/lib/protocol/errors";
import { isUuidV4 } from "@/lib/protocol/primitives";
import { eachString, mapStrings } from "@/lib/protocol/task-strings";
import { api } from "@/lib/studio/api/addresses";
import { call } from "../endpoint-client";
import { uploadImage } from "./upload";

/**
 * A task the service refused as too large for it (a 413, a socket closed with 1009) can go again
 * with its images made smaller: each image the task names by the studio's id is drawn again with
 * half its pixels, as WebP (JPEG where the browser cannot write WebP), and kept as a new upload.
 * Masks keep PNG, whose edges stay exact, and shrink by the same factor as the image they mask,
 * so the two still match. The service states no limit; each press halves again.
 */

/** Where a task holds images (`seedImage`, `referenceImages.0`, `controlNet.1.guideImage`, `inputs.frameImages.0.image`). */
const IMAGE_PATH = /(?:^|\.)(?:seedImage|maskImage|guideImage|image|[A-Za-z]*Images\.\d+|inputMasks\.\d+)$/;
const MASK_PATH = /(?:^|\.)(?:maskImage|inputMasks\.\d+|[A-Za-z]*Mask\.\d+)$/;

/** Each side is multiplied by this: half the pixels. */
export const SHRINK_SIDE = Math.SQRT1_2;
/** Below this many pixels on the long side an image is not made smaller again. */
export const MIN_LONG_SIDE = 256;

/** The paths of the images a task names by id, each an upload or a gallery image of the studio. */
export function imagePathsOf(params: Record<string, unknown>): string[] {
  const paths: string[] = [];
  eachString(params, (text, path) => {
    if (IMAGE_PATH.test(path) && isUuidV4(text)) paths.push(path);
  });
  return paths;
}

/** Whether a failure is one a smaller image can mend, and the task has images to make smaller. */
export function canSendSmaller(
  error: Pick<ServiceError, "code"> | null | undefined,
  params: Record<string, unknown> | undefined,
): boolean {
  return error?.code === "payloadTooLarge" && params !== undefined && imagePathsOf(params).length > 0;
}

/** The size an image is drawn at: half the pixels, never under `MIN_LONG_SIDE` on its long side. */
export function smallerSize(width: number, height: number): { width: number; height: number } | null {
  const long = Math.max(width, height);
  if (long <= MIN_LONG_SIDE) return null;
  const scale = Math.max(SHRINK_SIDE, MIN_LONG_SIDE / long);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export type SmallerOutcome =
  | { ok: true; params: Record<string, unknown>; shrunk: number }
  | { ok: false; message: string };

async function encode(canvas: HTMLCanvasElement, mask: boolean): Promise<Blob | null> {
  const as = (type: string, quality?: number) =>
    new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  if (mask) return as("image/png");
  const webp = await as("image/webp", 0.9);
  return webp?.type === "image/webp" ? webp : as("image/jpeg", 0.9);
}

/** One image drawn again smaller and kept as a new upload: its new id. */
async function shrinkOne(id: string, mask: boolean): Promise<{ id: string } | { message: string }> {
  let source: Awaited<ReturnType<typeof call<typeof api.uploads.image>>>;
  try {
    source = await call(api.uploads.image, { params: { id } });
  } catch {
    return { message: "One of the task's images is no longer in the studio." };
  }
  const size = smallerSize(source.width, source.height);
  if (!size) {
    return { message: `An image is already ${source.width}×${source.height}: too small to send smaller.` };
  }
  const bytes = await fetch(source.url, { credentials: "same-origin" }).then((r) => (r.ok ? r.blob() : null));
  if (!bytes) return { message: "One of the task's images could not be read." };
  const bitmap = await createImageBitmap(bytes);
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) return { message: "This browser cannot draw images." };
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const blob = await encode(canvas, mask);
  if (!blob) return { message: "This browser could not write the smaller image." };
  const upload = await uploadImage(blob);
  if (!upload.ok) return { message: upload.errors.map((e) => e.message).join(" ") };
  return { id: upload.image.id };
}

/** The task's params with every image it names by id made smaller, or why that could not be done. */
export async function sendSmallerParams(params: Record<string, unknown>): Promise<SmallerOutcome> {
  const paths = imagePathsOf(params);
  if (paths.length === 0)
    return { ok: false, message: "The task holds no image the studio can make smaller." };
  const found = new Map<string, string>();
  eachString(params, (text, path) => {
    if (paths.includes(path)) found.set(path, text);
  });
  const ids = new Map<string, string>();
  for (const [path, id] of found) {
    if (ids.has(id)) continue;
    const shrunk = await shrinkOne(id, MASK_PATH.test(path));
    if ("message" in shrunk) return { ok: false, message: shrunk.message };
    ids.set(id, shrunk.id);
  }
  const next = mapStrings(params, (text, path) => (IMAGE_PATH.test(path) ? (ids.get(text) ?? text) : text));
  return { ok: true, params: next, shrunk: ids.size };
}

/**
 * The press of "Send smaller" wherever a refused task is shown (its result tile, its queue row):
 * makes the images smaller, hands the new params to `send`, and says why when it could not.
 */
export function useSendSmaller(send: (params: Record<string, unknown>) => Promise<unknown>) {
  const [shrinking, setShrinking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const sendSmaller = useCallback(
    async (params: Record<string, unknown>) => {
      setShrinking(true);
      setRefusal(null);
      try {
        const smaller = await sendSmallerParams(params);
        if (smaller.ok) await send(smaller.params);
        else setRefusal(smaller.message);
      } finally {
        setShrinking(false);
      }
    },
    [send],
  );
  return { shrinking, refusal, sendSmaller };
}
