"use client";

import { api } from "@/lib/studio/api/addresses";
import { ApiError } from "@/lib/studio/api/errors";
import type { BulkAction } from "@/lib/studio/organize/organize";
import type { ReviewState } from "@/lib/studio/review/review";
import { urlOf, useEndpointMutation } from "../endpoint-client";

/**
 * The organize API as the browser calls it; failures throw `ApiError` with the contract's errors.
 * Each action refreshes what its endpoint declares it changes (the gallery, boards, the trash).
 */

export interface BulkBody {
  itemIds: string[];
  action: BulkAction;
  boardId?: string;
  tag?: string;
  state?: ReviewState;
}

/** One action on many items at once. */
export function useRunBulk() {
  return useEndpointMutation(api.items.bulk, { input: (body: BulkBody) => ({ body }) }).mutateAsync;
}

export function useCreateBoard() {
  return useEndpointMutation(api.boards.create, {
    input: (body: { name: string; description?: string }) => ({ body }),
  }).mutateAsync;
}

/** Downloads the items as one zip, named by the studio, through a temporary link. */
export async function downloadZip(itemIds: string[]): Promise<void> {
  let response: Response;
  try {
    response = await fetch(urlOf(api.items.zip), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ itemIds }),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, [{ code: "networkError", message: "The studio could not be reached. Try again." }]);
  }
  if (!response.ok) {
    const failed = await callApiErrors(response);
    throw new ApiError(response.status, failed);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "media.zip";
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

async function callApiErrors(response: Response) {
  const payload = (await response.json().catch(() => null)) as { errors?: unknown } | null;
  if (payload && Array.isArray(payload.errors)) return payload.errors as { code: string; message: string }[];
  return [{ code: "httpError", message: `The download failed (${response.status}). Try again.` }];
}
