"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import type { ModelSearchItem } from "@/lib/protocol/results";
import type { ModelCategory } from "@/lib/protocol/utility-tasks";
import { api } from "@/lib/studio/api/addresses";
import { call, endpointKey, queryKeyOf } from "../endpoint-client";

/** A model as `modelSearch` describes it (the real service may send null for a missing default). */
export type ModelInfo = ModelSearchItem;

export interface ModelPage {
  results: ModelInfo[];
  totalResults: number;
}

/** One search of the service's models, kept under the tools endpoint it is run through. */
const modelSearchKey = (category: ModelCategory, search: string) => [
  ...endpointKey(api.tools.run),
  "modelSearch",
  category,
  search,
];

/** Searches the service's models through the tools endpoint; cached per query for a few minutes. */
export function useModelSearch(search: string, category: ModelCategory, enabled = true) {
  return useQuery({
    queryKey: modelSearchKey(category, search),
    queryFn: () =>
      call(api.tools.run, {
        body: { taskType: "modelSearch", search: search || undefined, category, limit: 30 },
      }) as Promise<ModelPage>,
    enabled,
    staleTime: 5 * 60_000,
    placeholderData: (previous) => previous,
  });
}

/** The catalogue entry of one model by its AIR id, to show its name beside the id. */
export function useModelByAir(air: string | undefined, category: ModelCategory): ModelInfo | undefined {
  const { data } = useModelSearch(air ?? "", category, Boolean(air));
  return data?.results.find((m) => m.air === air);
}

/**
 * The catalogue names of several models by AIR id (each its own cached search, shared with the
 * pickers'); an id the catalogue does not list, or not yet answered, is left out.
 */
export function useModelNames(
  airs: readonly string[],
  category: ModelCategory = "checkpoint",
): Map<string, string> {
  const wanted = [...new Set(airs)].filter(Boolean);
  const answers = useQueries({
    queries: wanted.map((air) => ({
      queryKey: modelSearchKey(category, air),
      queryFn: () =>
        call(api.tools.run, {
          body: { taskType: "modelSearch", search: air, category, limit: 30 },
        }) as Promise<ModelPage>,
      staleTime: 5 * 60_000,
    })),
  });
  const names = new Map<string, string>();
  wanted.forEach((air, i) => {
    const name = answers[i]?.data?.results.find((m) => m.air === air)?.name;
    if (name) names.set(air, name);
  });
  return names;
}

/** A studio image's preview: an upload or a gallery result, by its id (`GET /api/images/[id]`). */
export interface ImageRef {
  id: string;
  url: string;
  width: number;
  height: number;
  mime: string;
}

const DATA_IMAGE = /^data:(image\/[a-z+.-]+)[;,]/i;

/** An image a recalled task carried inline (a data URI): its preview is itself. */
async function inlineImageRef(uri: string): Promise<ImageRef> {
  const image = new Image();
  image.src = uri;
  await image.decode();
  const mime = DATA_IMAGE.exec(uri)?.[1] ?? "image/png";
  return { id: uri, url: uri, width: image.naturalWidth, height: image.naturalHeight, mime };
}

/** The query of one image's preview, shared by the inputs that show it and recall, which fills it first. */
export function imageRefQuery(id: string) {
  return {
    queryKey: queryKeyOf(api.uploads.image, { params: { id } }),
    queryFn: () => (DATA_IMAGE.test(id) ? inlineImageRef(id) : call(api.uploads.image, { params: { id } })),
    staleTime: Number.POSITIVE_INFINITY,
  };
}

export function useImageRef(id: string | undefined) {
  return useQuery({
    ...imageRefQuery(id ?? ""),
    enabled: Boolean(id && (/^[0-9a-f-]{36}$/i.test(id) || DATA_IMAGE.test(id))),
  });
}
