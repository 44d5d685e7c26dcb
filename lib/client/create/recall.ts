import { withContractDefaults } from "@/lib/protocol/task-defaults";
import type { RecallPart } from "./recall-links";
import { valuesFromTask } from "./task-values";

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
