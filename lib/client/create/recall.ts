import { withContractDefaults } from "@/lib/protocol/task-defaults";
import type { TaskView } from "@/lib/studio/items/gallery-item";
import { workflowOf } from "@/lib/studio/workflow-of";
import { valuesFromTask } from "./task-values";

export { workflowOf };

export const RECALL_PARTS = ["all", "seed", "prompt", "size"] as const;
export type RecallPart = (typeof RECALL_PARTS)[number];

export function isRecallPart(value: unknown): value is RecallPart {
  return typeof value === "string" && (RECALL_PARTS as readonly string[]).includes(value);
}

/** The link that opens a task in its workflow with its parameters filled in. */
export function recallHref(
  task: Pick<TaskView, "taskUUID" | "params">,
  part: RecallPart = "all",
  seed?: string | null,
): string {
  return workflowRecallHref({ taskUUID: task.taskUUID, workflow: workflowOf(task.params) }, part, seed);
}

/**
 * The same link for what already knows its workflow (a gallery item, named by the server): the
 * page opens at once, without a stop at `/create/recall` to look the task up first.
 */
export function workflowRecallHref(
  task: { taskUUID: string; workflow: string },
  part: RecallPart = "all",
  seed?: string | null,
): string {
  const query = new URLSearchParams({ recall: task.taskUUID, use: part });
  if (seed) query.set("seed", seed);
  return `/create/${task.workflow}?${query.toString()}`;
}

/**
 * "New version": Create with the item's whole recipe, and the link that makes what it sends the
 * next version of the item's stack (with the comment that asked for it, if one did).
 */
export function newVersionHref(
  item: { id: string; taskUUID: string; workflow: string; seed?: string | null },
  commentId?: string | null,
): string {
  const query = new URLSearchParams({ versionOf: item.id });
  if (commentId) query.set("versionComment", commentId);
  return `${workflowRecallHref(item, "all", item.seed)}&${query.toString()}`;
}

/**
 * The form values a recall sets. "all" takes every parameter; the others take one aspect and
 * leave the rest of the form as it is. A result's own seed (each image of a batch has its own)
 * beats the task's, which may be absent when the seed was random.
 */
export function recallValues(
  params: Record<string, unknown>,
  part: RecallPart,
  itemSeed?: string | null,
): Record<string, unknown> {
  const seed = itemSeed != null && itemSeed !== "" ? Number(itemSeed) : params.seed;
  switch (part) {
    case "all": {
      // What the task omitted is taken as the service read it, not as the form's own starting
      // values: a task sent without `numberResults` made one image, not the form's four.
      const values = valuesFromTask(
        params.taskType === "videoInference" ? params : withContractDefaults(params),
      );
      if (seed !== undefined) values.seed = seed;
      // A batch's seeds follow from the first one: repeating one image means asking for one.
      if (itemSeed != null) values.numberResults = 1;
      return values;
    }
    case "seed":
      return seed === undefined ? {} : { seed };
    case "prompt":
      return {
        positivePrompt: params.positivePrompt ?? "",
        negativePrompt: params.negativePrompt ?? "",
        ...(params.promptWeighting ? { promptWeighting: params.promptWeighting } : {}),
      };
    case "size":
      return {
        width: params.width,
        height: params.height,
        ...(params.resolution !== undefined ? { resolution: params.resolution } : {}),
      };
  }
}
