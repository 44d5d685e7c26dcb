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

/** An experiment's cells not yet sent: one entry of its author's queue. */
const waitingExperimentSchema = z.object({
  experimentId: z.string(),
  name: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  waiting: z.number().int().meta({ description: "Its cells not yet sent to the service." }),
  paused: z.boolean().meta({ description: "Held: by its own pause, its member's or the team's." }),
  pausedItself: z.boolean().meta({ description: "The experiment itself is paused." }),
  priority: z.enum(TASK_PRIORITIES),
  yours: z.boolean(),
  at: z.number().int().meta({ description: "Its place in the one list of tasks and experiments, from 0." }),
});

const waitingQueueSchema = z.object({
  tasks: z
    .array(waitingTaskSchema)
    .meta({ description: "Waiting tasks, in sending order; experiments' cells are in `experiments`." }),
  experiments: z.array(waitingExperimentSchema),
  paused: z.object({ mine: z.boolean(), team: z.boolean() }),
  /** Who paused the team's queue (a name; "" for a former member), while it is paused. */
  teamPausedBy: z.object({ name: z.string(), you: z.boolean() }).nullable().optional(),
  canSteerOthers: z.boolean(),
});
export type WaitingQueue = z.infer<typeof waitingQueueSchema>;
export type WaitingTask = z.infer<typeof waitingTaskSchema>;
export type WaitingExperiment = z.infer<typeof waitingExperimentSchema>;

const scopeBody = z.object({
  scope: z.enum(QUEUE_SCOPES, { error: "scope is mine or team." }),
});
const taskList = z
  .array(uuid())
  .min(1, { error: "taskUUIDs names at least one task." })
  .max(500, { error: "taskUUIDs names at most 500 tasks." });
const experimentList = z
  .array(uuid())
  .min(1, { error: "experimentIds names at least one experiment." })
  .max(100, { error: "experimentIds names at most 100 experiments." });
/** Tasks, experiments (their cells not yet sent), or both. */
const targets = {
  taskUUIDs: taskList.optional(),
  experimentIds: experimentList.optional(),
};
const someTarget = {
  check: (b: { taskUUIDs?: unknown; experimentIds?: unknown }) =>
    b.taskUUIDs !== undefined || b.experimentIds !== undefined,
  error: { error: "Give taskUUIDs, experimentIds or both.", path: ["taskUUIDs"] },
};
const steerOutcome = z.object({ changed: z.number().int(), skipped: z.number().int() });
const steered = ["queue", "tasks", "experiments"] as const;

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
    summary:
      "Pauses, or lets go, some waiting tasks and experiments; those already sent or ended are skipped and counted.",
    description:
      "An experiment named is paused as a whole (its page says so): once this answers, no cell of it is sent until it is resumed.",
    access: "generate",
    body: z
      .object({ ...targets, held: z.boolean({ error: "held is true or false." }) })
      .refine(someTarget.check, someTarget.error),
    response: steerOutcome,
    errors: ["taskNotFound", "experimentNotFound", "queueTaskNotYours"],
    invalidates: steered,
  },
  priority: {
    method: "POST",
    path: "/api/queue/priority",
    summary: "Sets the priority of waiting tasks: high ones go before normal, normal before low.",
    access: "generate",
    body: z
      .object({
        ...targets,
        priority: z.enum(TASK_PRIORITIES, { error: "priority is high, normal or low." }),
      })
      .refine(someTarget.check, someTarget.error),
    response: steerOutcome,
    errors: ["taskNotFound", "experimentNotFound", "queueTaskNotYours"],
    invalidates: steered,
  },
  move: {
    method: "POST",
    path: "/api/queue/move",
    summary:
      "Moves a waiting task or experiment to the top or bottom of its member's queue, or before or after another.",
    description:
      "`before` and `after` name a waiting task (its taskUUID) or an experiment (its id) of the same member.",
    access: "generate",
    body: z
      .object({
        taskUUID: uuid().optional(),
        experimentId: uuid().optional(),
        to: z.enum(["top", "bottom"], { error: "to is top or bottom." }).optional(),
        before: uuid().optional(),
        after: uuid().optional(),
      })
      .refine((b) => (b.taskUUID === undefined) !== (b.experimentId === undefined), {
        error: "Give taskUUID or experimentId.",
        path: ["taskUUID"],
      })
      .refine((b) => [b.to, b.before, b.after].filter((v) => v !== undefined).length === 1, {
        error: "Give exactly one of to, before or after.",
        path: ["to"],
      }),
    response: z.object({ moved: z.literal(true) }),
    errors: [
      "taskNotFound",
      "experimentNotFound",
      "queueTaskNotYours",
      "queueTaskNotWaiting",
      "invalidQueueEdit",
    ],
    invalidates: steered,
  },
  cancel: {
    method: "POST",
    path: "/api/queue/cancel",
    summary:
      "Cancels waiting tasks and experiments: those named, or all the caller's; tasks already sent are skipped.",
    description:
      "An experiment cancelled sends no more cells: those not yet sent end cancelled, and its page shows them so. `cancelled` counts tasks and cells.",
    access: "generate",
    body: z
      .object({ ...targets, allMine: z.literal(true).optional() })
      .refine(
        (b) => (b.taskUUIDs === undefined && b.experimentIds === undefined) !== (b.allMine === undefined),
        { error: "Give taskUUIDs, experimentIds, or allMine: true.", path: ["taskUUIDs"] },
      ),
    response: z.object({ cancelled: z.number().int(), skipped: z.number().int() }),
    errors: ["taskNotFound", "experimentNotFound", "queueTaskNotYours"],
    invalidates: steered,
  },
  edit: {
    method: "POST",
    path: "/api/queue/edit",
    summary: "Edits waiting tasks at once: a find-and-replace in the prompt, parameters set to one value.",
    description:
      "Each edited task is checked with the same schemas as `POST /api/tasks`; a refusal names the parameter and nothing is written. Tasks already sent are never edited: they are skipped and counted. An experiment named has every cell not yet sent edited (`changed` counts cells). With `preview: true` nothing is written and the counts say what would change.",
    access: "generate",
    body: z
      .object({
        ...targets,
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
      })
      .refine(someTarget.check, someTarget.error),
    response: z.object({ changed: z.number().int(), skipped: z.number().int(), matches: z.number().int() }),
    errors: ["taskNotFound", "experimentNotFound", "queueTaskNotYours", "invalidQueueEdit"],
    invalidates: steered,
  },
});
