import { z } from "zod";
import { resource } from "./endpoint";

/** A preprocess may carry its input image inline (a data URI): a few megabytes at most. */
const TOOL_BODY_LIMIT = 32 * 1024 * 1024;

/** The guide image a preprocess made, kept as the member's upload. */
export const preprocessResultSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
  mime: z.string(),
  preProcessorType: z.string(),
});

export const tools = resource("tools", {
  run: {
    method: "POST",
    path: "/api/tools",
    summary: "Runs one helper task of the Create screens and answers once the service has.",
    description:
      "A `modelSearch` (viewer role) answers `{ results, totalResults }`; a `promptEnhance` (editor role) one `{ text }` per version; an `imageControlNetPreProcess` (editor role) the guide image, kept as an upload. A busy preprocess queue answers 503 with `Retry-After`.",
    access: "view",
    body: z.unknown(),
    bodyLimit: TOOL_BODY_LIMIT,
    response: z.union([
      z.looseObject({ results: z.array(z.unknown()), totalResults: z.number() }),
      z.array(z.looseObject({ text: z.string() })),
      preprocessResultSchema,
    ]),
    invalidates: [],
  },
});
