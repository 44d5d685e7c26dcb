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
    return { fields: { results, totalResults } };
  },
};
