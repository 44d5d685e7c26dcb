import type { ExperimentView } from "@/lib/studio/api/experiments";

export type {
  CellView,
  ExperimentPage,
  ExperimentPreview,
  ExperimentSummary,
  ExperimentView,
} from "@/lib/studio/api/experiments";

export const STATUS_WORDS: Record<ExperimentView["status"], string> = {
  draft: "Draft",
  running: "Running",
  paused: "Paused",
  cancelled: "Cancelled",
  done: "Finished",
};
