import type { ExperimentSummary, ExperimentPage as Page } from "@/lib/server/experiments/records";
import type { CellView, ExperimentView } from "@/lib/server/experiments/view";

/** What the experiments' API answers (types only: nothing of the server reaches the browser). */
export type ExperimentPage = Page;
export type { CellView, ExperimentSummary, ExperimentView };

export const STATUS_WORDS: Record<ExperimentView["status"], string> = {
  draft: "Draft",
  running: "Running",
  paused: "Paused",
  cancelled: "Cancelled",
  done: "Finished",
};
