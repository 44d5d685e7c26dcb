import { z } from "zod";
import { multilineText } from "@/lib/studio/person-text";
import { EDITABLE_PARAMETERS, QUEUE_SCOPES, TASK_PRIORITIES } from "@/lib/studio/queue/queue";
import { resource, uuid } from "./endpoint";

/** Steering the tasks that wait in the studio for their turn: pause, order, priority, edits. */

const waitingTaskSchema = z.object({
  taskUUID: z.string(),
  taskType: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  prompt: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  steps: z.number().nullable(),
  CFGScale: z.number().nullable(),
  paused: z.boolean(),
  priority: z.enum(TASK_PRIORITIES),
  createdAt: z.string(),
  yours: z.boolean(),
});

const waitingQueueSchema = z.object({
  tasks: z.array(waitingTaskSchema),
  paused: z.object({ mine: z.boolean(), team: z.boolean() }),
  canSteerOthers: z.boolean(),
});
export type WaitingQueue = z.infer<typeof waitingQueueSchema>;
export type WaitingTask = z.infer<typeof waitingTaskSchema>;

const scopeBody = z.object({
  scope: z.enum(QUEUE_SCOPES, { error: "scope is mine or team." }),
});
const taskList = z
  .array(uuid())
  .min(1, { error: "taskUUIDs names at least one task." })
  .max(500, { error: "taskUUIDs names at most 500 tasks." });
const steerOutcome = z.object({ changed: z.number().int(), skipped: z.number().int() });
const steered = ["queue", "tasks"] as const;

const editParameter = (name: string) => z.number({ error: `${name} is a number.` }).optional();

export const queue = resource("queue", {
  list: {
    method: "GET",
    path: "/api/queue",
    summary: "The tasks waiting in the studio, in the order they will be sent, and which pauses hold.",
    description:
      "`scope=mine` (default) lists the caller's waiting tasks, `scope=team` everyone's. Tasks go out by priority (high, normal, low), then by place.",
    access: "view",
    query: z.object({ scope: z.enum(QUEUE_SCOPES, { error: "scope is mine or team." }).default("mine") }),
    response: waitingQueueSchema,
  },
  pause: {
    method: "POST",
    path: "/api/queue/pause",
    summary: "Pauses the caller's waiting tasks (new ones too), or an owner's pause of the whole team's.",
    access: "generate",
    body: scopeBody,
    response: z.object({ paused: z.literal(true) }),
    errors: ["teamPauseOwnerOnly"],
    invalidates: steered,
  },
  resume: {
    method: "POST",
    path: "/api/queue/resume",
    summary: "Ends a pause: the waiting tasks go out in their order.",
    access: "generate",
    body: scopeBody,
    response: z.object({ paused: z.literal(false) }),
    errors: ["teamPauseOwnerOnly"],
    invalidates: steered,
  },
  hold: {
    method: "POST",
    path: "/api/queue/hold",
    summary: "Pauses, or lets go, some waiting tasks; those already sent are skipped and counted.",
    access: "generate",
    body: z.object({ taskUUIDs: taskList, held: z.boolean({ error: "held is true or false." }) }),
    response: steerOutcome,
    errors: ["taskNotFound", "queueTaskNotYours"],
    invalidates: steered,
  },
  priority: {
    method: "POST",
    path: "/api/queue/priority",
    summary: "Sets the priority of waiting tasks: high ones go before normal, normal before low.",
    access: "generate",
    body: z.object({
      taskUUIDs: taskList,
      priority: z.enum(TASK_PRIORITIES, { error: "priority is high, normal or low." }),
    }),
    response: steerOutcome,
    errors: ["taskNotFound", "queueTaskNotYours"],
    invalidates: steered,
  },
  move: {
    method: "POST",
    path: "/api/queue/move",
    summary: "Moves a waiting task to the top or bottom of its member's queue, or before or after another.",
    access: "generate",
    body: z
      .object({
        taskUUID: uuid(),
        to: z.enum(["top", "bottom"], { error: "to is top or bottom." }).optional(),
        before: uuid().optional(),
        after: uuid().optional(),
      })
      .refine((b) => [b.to, b.before, b.after].filter((v) => v !== undefined).length === 1, {
        error: "Give exactly one of to, before or after.",
        path: ["to"],
      }),
    response: z.object({ moved: z.literal(true) }),
    errors: ["taskNotFound", "queueTaskNotYours", "queueTaskNotWaiting", "invalidQueueEdit"],
    invalidates: steered,
  },
  cancel: {
    method: "POST",
    path: "/api/queue/cancel",
    summary: "Cancels waiting tasks: those named, or all the caller's; tasks already sent are skipped.",
    access: "generate",
    body: z
      .object({ taskUUIDs: taskList.optional(), allMine: z.literal(true).optional() })
      .refine((b) => (b.taskUUIDs === undefined) !== (b.allMine === undefined), {
        error: "Give taskUUIDs or allMine: true.",
        path: ["taskUUIDs"],
      }),
    response: z.object({ cancelled: z.number().int(), skipped: z.number().int() }),
    errors: ["taskNotFound", "queueTaskNotYours"],
    invalidates: steered,
  },
  edit: {
    method: "POST",
    path: "/api/queue/edit",
    summary: "Edits waiting tasks at once: a find-and-replace in the prompt, parameters set to one value.",
    description:
      "Each edited task is checked with the same schemas as `POST /api/tasks`; a refusal names the parameter and nothing is written. Tasks already sent are never edited: they are skipped and counted. With `preview: true` nothing is written and the counts say what would change.",
    access: "generate",
    body: z.object({
      taskUUIDs: taskList,
      replace: z
        .object({
          find: multilineText().min(1, { error: "find is the text to look for." }).max(2000),
          with: multilineText().max(2000),
        })
        .optional(),
      set: z
        .object(
          Object.fromEntries(
            Object.entries(EDITABLE_PARAMETERS).map(([key, label]) => [key, editParameter(label)]),
          ) as Record<keyof typeof EDITABLE_PARAMETERS, ReturnType<typeof editParameter>>,
        )
        .strict()
        .optional(),
      preview: z.boolean().default(false),
    }),
    response: z.object({ changed: z.number().int(), skipped: z.number().int(), matches: z.number().int() }),
    errors: ["taskNotFound", "queueTaskNotYours", "invalidQueueEdit"],
    invalidates: steered,
  },
});
