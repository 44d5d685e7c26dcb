import "server-only";
import type { TaskOf } from "@/lib/protocol/envelope";
import { searchModels } from "../models/search";
import type { Processor } from "./types";

/** `modelSearch` over the built-in catalogue (models/catalog.ts). */
export const modelSearchProcessor: Processor<TaskOf<"modelSearch">, null> = {
  itemCount: () => 1,
  isAsync: () => false,
  prepare: async () => null,
  async runItem(task, _prepared, _item, ctx) {
    const { results, totalResults } = searchModels(ctx.catalog, task);
    // What a model edits with is the engine's to check, not a field of the search's answer.
    const listed = results.map(({ edit: _edit, ...model }) => model);
    return { fields: { results: listed, totalResults } };
  },
};
