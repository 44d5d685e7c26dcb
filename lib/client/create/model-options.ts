import { AIR_RE } from "@/lib/protocol/primitives";
import type { ModelCategory } from "@/lib/protocol/utility-tasks";
import { familyFirst, familyName, fitsFamily, isVideoModel } from "./model-kinds";
import type { ModelInfo } from "./tools";

/** One choice of the model picker: a catalogued model, or an AIR id typed in full. */
export interface ModelOption {
  air: string;
  model?: ModelInfo;
}

export interface ModelOptions {
  options: ModelOption[];
  /** The heading above option `i`, where the list is split by family. */
  headingAt(i: number): string | null;
  /** How many models the search found in all, less those the picker leaves out. */
  total: number;
}

/**
 * The picker's list for a search and the catalogue's answer (or the last answer, while the next
 * is on its way): video models left out of an image form's checkpoints, an add-on's family first
 * under headings, and an AIR id typed in full at the top, so that Enter takes what was typed: the
 * catalogue's entry for it when the answer lists it, else the id itself (the service runs models
 * no search lists).
 */
export function modelOptions(
  search: string,
  answer: { results: ModelInfo[]; totalResults: number } | undefined,
  category: ModelCategory,
  forArchitecture: string | undefined,
): ModelOptions {
  const found = answer?.results ?? [];
  // Every picker of a checkpoint is an image form's (the video form runs the server's one model),
  // while the search lists video models among the checkpoints too.
  const results = familyFirst(
    category === "checkpoint" ? found.filter((m) => !isVideoModel(m)) : found,
    forArchitecture,
  );
  const total = answer ? answer.totalResults - (found.length - results.length) : results.length;
  const typed = AIR_RE.test(search.trim()) ? search.trim() : null;
  const typedModel = typed ? results.find((m) => m.air === typed) : undefined;
  const options: ModelOption[] = [
    ...(typed && !typedModel ? [{ air: typed }] : []),
    ...(typedModel ? [{ air: typedModel.air, model: typedModel }] : []),
    ...results.filter((m) => m !== typedModel).map((m) => ({ air: m.air, model: m })),
  ];
  // Where the made-for-this-model group ends, to head both groups when there are both. A typed id
  // heads the list on its own, out of the groups' order, so then there are no headings.
  const fitting = forArchitecture
    ? results.filter((m) => fitsFamily(m.architecture, forArchitecture)).length
    : 0;
  const grouped = forArchitecture !== undefined && !typed && fitting > 0 && fitting < results.length;
  const headingAt = (i: number): string | null => {
    if (!grouped || !forArchitecture) return null;
    if (i === 0) return `Made for ${familyName(forArchitecture)}`;
    return i === fitting ? "For other models" : null;
  };
  return { options, headingAt, total };
}
