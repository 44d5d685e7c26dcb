import "server-only";
import { workflowOf } from "@/lib/studio/workflow-of";
import type { NewItemRow, TaskRow } from "./schema";

export type ItemFacts = Pick<NewItemRow, "taskType" | "workflow" | "model" | "loras" | "prompt">;

function text(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 ? value : null;
}

/**
 * What the gallery filters on, taken from an item's task when the item is recorded (migration
 * 0002 applies the same rules to items recorded before).
 */
export function itemFacts(task: Pick<TaskRow, "taskType" | "params">): ItemFacts {
  const params = task.params;
  const loras = Array.isArray(params.lora)
    ? [
        ...new Set(
          params.lora
            .map((l: unknown) =>
              typeof l === "object" && l !== null ? text((l as { model?: unknown }).model) : null,
            )
            .filter((m): m is string => m !== null),
        ),
      ]
    : [];
  return {
    taskType: task.taskType,
    workflow: workflowOf(params),
    model: text(params.model),
    loras,
    prompt: text(params.positivePrompt),
  };
}
