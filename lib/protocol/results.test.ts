import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  asyncAckSchema,
  authenticationResultSchema,
  controlNetPreProcessResultSchema,
  dataResponseOf,
  dataResponseSchema,
  errorResponseSchema,
  getResponseItemSchema,
  imageResultSchema,
  imageUploadResultSchema,
  imageWebhookBodySchema,
  modelSearchResultSchema,
  pongSchema,
  promptEnhanceResultSchema,
  serviceErrorSchema,
  serviceResponseSchema,
  videoResultSchema,
  videoWebhookBodySchema,
} from "./results";

const TASK = "3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f607";
const OUT = "7e6d5c4b-3a29-4817-9605-f4e3d2c1b0a9";

const image = {
  taskType: "imageInference",
  taskUUID: TASK,
  imageUUID: OUT,
  imageURL: "https://im.example.com/image/7e6d5c4b.jpg",
  seed: 865770601,
};
const video = {
  taskType: "videoInference",
  taskUUID: TASK,
  videoUUID: OUT,
  videoURL: "https://vm.example.com/video/7e6d5c4b.mp4",
  seed: 42,
};
/** Fields a real service adds that no schema names: they must pass through untouched. */
const extra = { imageAltText: "a cat", generationTime: 1.73, provider: { id: "p1" } };

type Case = [string, z.ZodType, unknown];
// biome-ignore format: one row per case reads as a table
const valid: Case[] = [
  ["image, URL output", imageResultSchema, image],
  ["image, base64 output with safety and cost", imageResultSchema, { ...image, imageURL: undefined, imageBase64Data: "iVBORw0KGgo=", NSFWContent: false, cost: 0.0013 }],
  ["image, data URI output", imageResultSchema, { ...image, imageDataURI: "data:image/png;base64,iVBORw0KGgo=" }],
  ["image with a 64-bit seed", imageResultSchema, { ...image, seed: 9223372036854776000 }],
  ["image with extra fields", imageResultSchema, { ...image, ...extra }],
  ["image webhook body", imageWebhookBodySchema, { ...image, model: "runware:100@1", width: 1024, height: 1024, createdAt: "2025-01-02T03:04:05.000Z" }],
  ["video", videoResultSchema, video],
  ["video through polling, with safety and cost", videoResultSchema, { ...video, status: "success", NSFWContent: true, cost: 0.25 }],
  ["video with extra fields", videoResultSchema, { ...video, ...extra }],
  ["video webhook body", videoWebhookBodySchema, { ...video, cost: 0.1 }],
  ["async acknowledgment", asyncAckSchema, { taskType: "videoInference", taskUUID: TASK }],
  ["poll item processing", getResponseItemSchema, { taskType: "videoInference", taskUUID: TASK, status: "processing" }],
  ["poll item processing with progress", getResponseItemSchema, { taskType: "videoInference", taskUUID: TASK, status: "processing", progress: 42.5 }],
  ["poll item video success", getResponseItemSchema, { ...video, status: "success" }],
  ["poll item image success", getResponseItemSchema, { ...image, status: "success", ...extra }],
  ["poll item error", getResponseItemSchema, { taskType: "videoInference", taskUUID: TASK, status: "error", error: { code: "nsfwContentDetected", message: "flagged" } }],
  ["authentication", authenticationResultSchema, { taskType: "authentication", connectionSessionUUID: OUT }],
  ["pong", pongSchema, { taskType: "ping", pong: true }],
  ["image upload", imageUploadResultSchema, { taskType: "imageUpload", taskUUID: TASK, imageUUID: OUT, imageURL: "https://im.example.com/u.png" }],
  ["model search", modelSearchResultSchema, { taskType: "modelSearch", taskUUID: TASK, totalResults: 2, results: [
    { air: "runware:100@1", name: "Fast", version: "1.0", category: "checkpoint", architecture: "flux1s", tags: ["fast"], heroImage: "https://im.example.com/h.jpg", defaultWidth: 1024, defaultHeight: 1024, defaultSteps: 4, defaultScheduler: "Default", defaultCFG: 1, positiveTriggerWords: "" },
    { air: "civitai:133005@782002", name: "Juggernaut", version: "XI", category: "checkpoint", architecture: "sdxl", tags: [], heroImage: null, private: false, comment: "" },
  ] }],
  ["model search, nothing found", modelSearchResultSchema, { taskType: "modelSearch", taskUUID: TASK, results: [], totalResults: 0 }],
  ["controlnet preprocess", controlNetPreProcessResultSchema, { taskType: "imageControlNetPreProcess", taskUUID: TASK, inputImageUUID: OUT, guideImageUUID: TASK, guideImageURL: "https://im.example.com/g.png" }],
  ["controlnet preprocess, base64", controlNetPreProcessResultSchema, { taskType: "imageControlNetPreProcess", taskUUID: TASK, inputImageUUID: OUT, guideImageUUID: TASK, guideImageBase64Data: "iVBORw0KGgo=", cost: 0.0006 }],
  ["prompt enhance", promptEnhanceResultSchema, { taskType: "promptEnhance", taskUUID: TASK, text: "a tabby cat riding a turquoise wave at golden hour" }],
  ["service error", serviceErrorSchema, { code: "invalidWidth", message: "bad", parameter: "width", type: "integer", taskType: "videoInference", taskUUID: TASK }],
  ["service error naming several parameters", serviceErrorSchema, { code: "conflictWidthFrameImages", message: "x", parameter: ["width", "inputs.frameImages"] }],
  ["error response", errorResponseSchema, { errors: [{ code: "invalidApiKey", message: "Invalid API key", parameter: "apiKey", taskType: "authentication" }], error: "Invalid API key" }],
  ["data response", dataResponseSchema, { data: [image, { taskType: "ping", pong: true }] }],
  ["data response with per-task errors", dataResponseSchema, { data: [image], errors: [{ code: "invalidWidth", message: "x", taskUUID: OUT }] }],
];

// biome-ignore format: one row per case reads as a table
const invalid: Case[] = [
  ["image without imageUUID", imageResultSchema, { ...image, imageUUID: undefined }],
  ["image without seed", imageResultSchema, { ...image, seed: undefined }],
  ["image of another task type", imageResultSchema, { ...image, taskType: "videoInference" }],
  ["video without videoURL", videoResultSchema, { ...video, videoURL: undefined }],
  ["video with a text cost", videoResultSchema, { ...video, cost: "0.2" }],
  ["video with an unknown status", videoResultSchema, { ...video, status: "done" }],
  ["poll item with progress over 100", getResponseItemSchema, { taskType: "videoInference", taskUUID: TASK, status: "processing", progress: 101 }],
  ["poll item success without its result", getResponseItemSchema, { taskType: "videoInference", taskUUID: TASK, status: "success" }],
  ["poll item error without error", getResponseItemSchema, { taskType: "videoInference", taskUUID: TASK, status: "error" }],
  ["poll item with an unknown status", getResponseItemSchema, { taskType: "videoInference", taskUUID: TASK, status: "queued" }],
  ["pong false", pongSchema, { taskType: "ping", pong: false }],
  ["model search without totalResults", modelSearchResultSchema, { taskType: "modelSearch", taskUUID: TASK, results: [] }],
  ["model search item without air", modelSearchResultSchema, { taskType: "modelSearch", taskUUID: TASK, totalResults: 1, results: [{ name: "x" }] }],
  ["prompt enhance without text", promptEnhanceResultSchema, { taskType: "promptEnhance", taskUUID: TASK }],
  ["error without code", serviceErrorSchema, { message: "x" }],
  ["error response with no errors", errorResponseSchema, { errors: [] }],
  ["data response without data", dataResponseSchema, { errors: [] }],
];

describe("result objects", () => {
  it.each(valid)("parse: %s", (_what, schema, value) => {
    const out = schema.safeParse(value);
    expect(out.error?.issues ?? []).toEqual([]);
  });

  it.each(invalid)("refuse: %s", (_what, schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });

  it("keep fields they do not name", () => {
    expect(imageResultSchema.parse({ ...image, ...extra })).toMatchObject(extra);
    expect(videoResultSchema.parse({ ...video, ...extra })).toMatchObject(extra);
  });

  it("narrow poll items by status", () => {
    const item = getResponseItemSchema.parse({ ...video, status: "success" });
    if (item.status !== "success" || item.taskType !== "videoInference")
      throw new Error("expected a video success");
    expect(item.videoURL).toBe(video.videoURL);
  });

  it("check data items with dataResponseOf", () => {
    const schema = dataResponseOf(videoResultSchema);
    expect(schema.safeParse({ data: [video] }).success).toBe(true);
    expect(schema.safeParse({ data: [image] }).success).toBe(false);
  });

  it("tell a data response from an error response", () => {
    expect(serviceResponseSchema.parse({ data: [video] })).toHaveProperty("data");
    expect(serviceResponseSchema.parse({ errors: [{ code: "taskNotFound", message: "x" }] })).toHaveProperty(
      "errors",
    );
    expect(serviceResponseSchema.safeParse({ result: 1 }).success).toBe(false);
  });
});
