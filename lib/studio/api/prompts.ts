import { z } from "zod";
import { promptQuerySchema } from "@/lib/studio/prompts/query";
import { resource } from "./endpoint";

/** One task of the prompt history as the page reads it. */
export const promptRunSchema = z.object({
  taskUUID: z.string(),
  authorId: z.string(),
  authorName: z.string().nullable(),
  prompt: z.string(),
  negativePrompt: z.string().nullable(),
  taskType: z.string(),
  /** The Create page that made it (text-to-image, video, ...). */
  workflow: z.string(),
  model: z.string().nullable(),
  /** The task's status, or `cancelled` for one cancelled while it waited (it was never sent). */
  status: z.string(),
  createdAt: z.string(),
  /** The task as sent (media by reference): the base of an experiment started from it. */
  params: z.record(z.string(), z.unknown()),
  /** Its first results. */
  items: z.array(z.object({ id: z.string(), kind: z.enum(["image", "video"]) })),
  /** How many results it made in all. */
  itemCount: z.number().int(),
});
export type PromptRun = z.infer<typeof promptRunSchema>;

export const promptPageSchema = z.object({
  runs: z.array(promptRunSchema),
  nextCursor: z.string().nullable(),
});
export type PromptPage = z.infer<typeof promptPageSchema>;

export const prompts = resource("prompts", {
  history: {
    method: "GET",
    path: "/api/prompts",
    summary: "Prompt history, newest first.",
    description:
      "`q` search words, `member` me (default), all or a member's id, `cursor` from the previous page, `limit` up to 100.",
    access: "view",
    query: promptQuerySchema,
    response: promptPageSchema,
  },
});
