// Placeholder: replaced by the full imageInference schema.
import { z } from "zod";
import { uuidV4 } from "./primitives";

export const imageInferenceSchema = z.looseObject({
  taskType: z.literal("imageInference"),
  taskUUID: uuidV4,
});
export type ImageInferenceTask = z.output<typeof imageInferenceSchema>;
