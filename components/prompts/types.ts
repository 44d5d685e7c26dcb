import type { PromptRun } from "@/lib/studio/api/prompts";
import type { PromptChain, PromptVersion } from "@/lib/studio/prompts/grouping";

export type HistoryChain = PromptChain<PromptRun>;
export type HistoryVersion = PromptVersion<PromptRun>;

/** A version a person ticked: its prompt and its newest run (the task an experiment starts from). */
export interface PickedVersion {
  key: string;
  prompt: string;
  run: PromptRun;
  /** "v2 of a red fox…", for the diff's header. */
  label: string;
}

/** A version's identity on the page: its newest run's task. */
export const versionKey = (version: HistoryVersion) => version.runs[0]?.taskUUID ?? version.prompt;
