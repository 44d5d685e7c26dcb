// Placeholder: replaced by the full utility task schemas.
import { z } from "zod";
import { uuidV4 } from "./primitives";

export const imageUploadSchema = z.looseObject({ taskType: z.literal("imageUpload"), taskUUID: uuidV4 });
export const modelSearchSchema = z.looseObject({ taskType: z.literal("modelSearch"), taskUUID: uuidV4 });
export const imageControlNetPreProcessSchema = z.looseObject({
  taskType: z.literal("imageControlNetPreProcess"),
  taskUUID: uuidV4,
});
export const promptEnhanceSchema = z.looseObject({ taskType: z.literal("promptEnhance"), taskUUID: uuidV4 });
