/**
 * How long `parseRequest` takes for a 50-task request (25 image, 25 video tasks with nested
 * features), beside ajv validating the same request against the exported JSON Schemas. ajv
 * compiles to straight-line code and checks only what JSON Schema can say (no cross-field rules,
 * no media sniffing), so it is the floor, not an equal: the figure to watch is our ratio to it.
 *
 *   npm run bench:protocol
 */
import { randomUUID } from "node:crypto";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { parseRequest } from "../lib/protocol/envelope";
import { protocolJsonSchemas } from "../lib/protocol/json-schema";
import { DEFAULT_VIDEO_MODEL } from "../lib/protocol/video-inference";
import { measure, printTable } from "./measure";

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

function imageTask(i: number) {
  return {
    taskType: "imageInference",
    taskUUID: randomUUID(),
    positivePrompt: `a lighthouse on a cliff at dusk, variation ${i}`,
    negativePrompt: "blurry, low quality",
    model: "runware:101@1",
    width: 1024,
    height: 768,
    steps: 28,
    CFGScale: 6.5,
    seed: 1000 + i,
    numberResults: 2,
    outputFormat: "WEBP",
    outputQuality: 90,
    lora: [
      { model: "civitai:133005@782002", weight: 0.7 },
      { model: "runware:120@2", weight: -0.4 },
    ],
    controlNet: [{ model: "runware:25@1", guideImage: PNG, weight: 0.8, startStep: 0, endStep: 20 }],
  };
}

function videoTask(i: number) {
  return {
    taskType: "videoInference",
    taskUUID: randomUUID(),
    model: DEFAULT_VIDEO_MODEL,
    positivePrompt: `waves rolling onto a beach at sunset, shot ${i}`,
    width: 1280,
    height: 720,
    duration: 6,
    seed: i,
    settings: { audio: true, promptExtend: false },
    outputFormat: "MP4",
  };
}

const body = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? imageTask(i) : videoTask(i)));

const first = parseRequest(body);
const failures = first.ok ? first.outcomes.filter((o) => !o.ok) : [first];
if (failures.length > 0) {
  console.error("The benchmark request does not parse:", JSON.stringify(failures[0], null, 2));
  process.exit(1);
}

const schemas = protocolJsonSchemas();
const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats(ajv);
const validators = {
  imageInference: ajv.compile(schemas.imageInference as object),
  videoInference: ajv.compile(schemas.videoInference as object),
};
const ajvValidate = () => {
  for (const task of body) {
    const ok = validators[task.taskType as keyof typeof validators](task);
    if (!ok) throw new Error(JSON.stringify(validators.imageInference.errors));
  }
};
ajvValidate();

const ours = measure("parseRequest (zod, all rules), 50 tasks", () => {
  parseRequest(body);
});
const floor = measure("ajv (JSON Schema only), 50 tasks", ajvValidate);
printTable([ours, floor]);
console.info(
  `\nratio: ${(ours.medianUs / floor.medianUs).toFixed(2)}x ajv's median; ${(ours.medianUs / 50).toFixed(1)} us per task`,
);
