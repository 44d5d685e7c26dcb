import "server-only";
import type { Task, TaskType } from "@/lib/protocol/envelope";
import { controlNetPreprocessProcessor } from "./controlnet-preprocess";
import { imageInferenceProcessor } from "./image-inference";
import { imageUploadProcessor } from "./image-upload";
import { modelSearchProcessor } from "./model-search";
import { promptEnhanceProcessor } from "./prompt-enhance";
import type { Processor } from "./types";
import { videoInferenceProcessor } from "./video-inference";

/** Task types the core handles itself rather than through a processor. */
export const SESSION_TASK_TYPES = ["authentication", "ping", "getResponse"] as const;
export type ProcessedTaskType = Exclude<TaskType, (typeof SESSION_TASK_TYPES)[number]>;

/**
 * One processor per task type. Each is typed against its own task; the map erases that to the
 * generic `Processor` because the core dispatches on `taskType` at run time, and the envelope
 * parser guarantees the task matches its type.
 */
export const processors: Record<ProcessedTaskType, Processor<Task, unknown>> = {
  imageInference: imageInferenceProcessor as unknown as Processor<Task, unknown>,
  videoInference: videoInferenceProcessor as unknown as Processor<Task, unknown>,
  imageUpload: imageUploadProcessor as unknown as Processor<Task, unknown>,
  modelSearch: modelSearchProcessor as unknown as Processor<Task, unknown>,
  imageControlNetPreProcess: controlNetPreprocessProcessor as unknown as Processor<Task, unknown>,
  promptEnhance: promptEnhanceProcessor as unknown as Processor<Task, unknown>,
};

export function processorFor(taskType: string): Processor<Task, unknown> | undefined {
  return Object.hasOwn(processors, taskType) ? processors[taskType as ProcessedTaskType] : undefined;
}
