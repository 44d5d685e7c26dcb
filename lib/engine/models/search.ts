import "server-only";
import type { ModelCategory } from "@/lib/protocol/utility-tasks";
import type { CatalogModel } from "./catalog";

export interface ModelQuery {
  search?: string | undefined;
  category?: ModelCategory | undefined;
  architecture?: string | undefined;
  limit: number;
  offset: number;
}

function haystack(m: CatalogModel): string {
  return [m.air, m.name, m.version, m.category, m.architecture, ...m.tags, m.positiveTriggerWords ?? ""]
    .join(" ")
    .toLowerCase();
}

/**
 * Filters the catalogue: `search` matches when every word occurs in the AIR id, name, tags, ...
 * (case-insensitive); `category` and `architecture` are exact (architecture case-insensitive).
 * `totalResults` counts all matches; `results` is the `offset`/`limit` page of them.
 */
export function searchModels(
  catalog: readonly CatalogModel[],
  query: ModelQuery,
): { results: CatalogModel[]; totalResults: number } {
  const words = (query.search ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const arch = query.architecture?.toLowerCase();
  const matches = catalog.filter((m) => {
    if (query.category !== undefined && m.category !== query.category) return false;
    if (arch !== undefined && m.architecture.toLowerCase() !== arch) return false;
    if (words.length === 0) return true;
    const text = haystack(m);
    return words.every((w) => text.includes(w));
  });
  return { results: matches.slice(query.offset, query.offset + query.limit), totalResults: matches.length };
}
