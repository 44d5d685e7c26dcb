// Placeholder: replaced by the full videoInference schema.
import { z } from "zod";
import { uuidV4 } from "./primitives";

export const DEFAULT_VIDEO_MODEL = "local:video@3.0-prime";
export function videoInferenceSchema(modelId: string) {
  return z.looseObject({
    taskType: z.literal("videoInference"),
    taskUUID: uuidV4,
    model: z.literal(modelId),
  });
}
export type VideoInferenceTask = z.output<ReturnType<typeof videoInferenceSchema>>;
