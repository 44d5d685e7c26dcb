/**
 * The links that open a task in its workflow with its parameters filled in ("Use again", "New
 * version"). Apart from the values a recall sets (recall.ts), which read the contract's defaults:
 * cards, queue rows and viewers build these links without loading the contract's schemas.
 */
import type { TaskView } from "@/lib/studio/items/gallery-item";
import { workflowOf } from "@/lib/studio/workflow-of";

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
