import { z } from "zod";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { pageQuery, resource, uuid } from "./endpoint";

/** Generation tasks: sending them, and reading them back as the studio recorded them. */

const taskErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  parameter: z.string().optional(),
});

/** A recorded task with its results (each result as the gallery shows it). */
export const taskViewSchema = z.object({
  taskUUID: z.string(),
  taskType: z.string(),
  status: z.enum(["queued", "processing", "success", "error"]),
  progress: z.number().nullable(),
  itemCount: z.number().int(),
  itemsDone: z.number().int(),
  error: taskErrorSchema.nullable(),
  failedResults: z
    .array(z.object({ index: z.number().int().nullable(), code: z.string(), message: z.string() }))
    .optional(),
  retry: z.object({ attempt: z.number().int(), of: z.number().int() }).optional(),
  params: z.record(z.string(), z.unknown()),
  authorId: z.string(),
  createdAt: z.string(),
  /** When the studio handed it to the service; null while it waits its turn. */
  sentAt: z.string().nullable().optional(),
  // Each as the gallery shows it; the gallery's items declare that shape.
  items: z.array(
    z.custom<GalleryItem>(
      (v) => typeof v === "object" && v !== null && typeof (v as GalleryItem).id === "string",
    ),
  ),
});

/** What `POST /api/tasks` answers for each task it accepted; the results follow on the stream. */
export const acceptedTaskSchema = z.object({
  taskType: z.string(),
  taskUUID: z.string(),
  status: z.literal("queued"),
});

/** Generation requests carry prompts and inline images: a few megabytes at most. */
export const TASK_BODY_LIMIT = 32 * 1024 * 1024;

const FLAGS = ["", "0", "false", "1", "true"] as const;

export const tasks = resource("tasks", {
  submit: {
    method: "POST",
    path: "/api/tasks",
    summary: "Sends generation tasks in the contract's request shape (one task or an array of them).",
    description:
      "Each task is checked with the contract's schemas; refusals name the field. Results arrive over the stream, by polling `GET /api/tasks/{taskUUID}`, or both. A task may also carry the studio's own `versionOf` (an item's id: its results become the next versions of that item's stack, in review) and `versionComment` (the comment that asked for it); the studio takes both off before the task goes to the service.",
    access: "generate",
    rawBody: {
      contentType: "application/json",
      description: "A task or an array of tasks, in the service's request shape.",
      limit: TASK_BODY_LIMIT,
    },
    status: 202,
    response: z.array(acceptedTaskSchema),
    invalidates: ["tasks"],
  },
  list: {
    method: "GET",
    path: "/api/tasks",
    summary: "The caller's tasks, newest first, a page at a time, for the queue drawer.",
    description:
      "Pages with `cursor` (the previous page's `nextCursor`): tasks sent meanwhile are newer than every page and do not shift the pages behind. `inFlight` counts the tasks queued or processing, the caller's and the whole team's.",
    access: "view",
    query: z.object({
      ...pageQuery(50, 100),
      active: z
        .enum(FLAGS, { error: "active is 1 (only queued and processing tasks) or 0." })
        .default("")
        .transform((flag) => flag === "1" || flag === "true"),
    }),
    response: z.object({
      items: z.array(taskViewSchema),
      nextCursor: z.string().nullable(),
      inFlight: z.object({ yours: z.number().int(), team: z.number().int() }),
    }),
    errors: ["invalidCursor"],
  },
  get: {
    method: "GET",
    path: "/api/tasks/{taskUUID}",
    summary: "A task's status and its results, as the studio recorded them.",
    access: "view",
    params: z.object({ taskUUID: uuid() }),
    response: taskViewSchema,
    errors: ["taskNotFound"],
  },
});
