"use client";

import type { QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/studio/api/addresses";
import { ApiError } from "@/lib/studio/api/errors";
import { urlOf } from "@/lib/studio/api/url";
import type { RecallMediaDeps } from "./recall-media";
import { imageRefQuery } from "./tools";

function dataUri(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/**
 * Recall's lookups in the studio: inline media from the studio's media endpoint (kept for a year in the browser's
 * cache, by content), previews through the query cache the image inputs read, so an input shows
 * its recalled image at once.
 */
export function recallMediaDeps(client: QueryClient): RecallMediaDeps {
  return {
    async inline(storageKey) {
      const response = await fetch(urlOf(api.media.get, { params: { key: storageKey } }), {
        credentials: "same-origin",
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return dataUri(await response.blob());
    },
    async image(id) {
      try {
        await client.fetchQuery(imageRefQuery(id));
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return false;
        throw err;
      }
    },
  };
}
