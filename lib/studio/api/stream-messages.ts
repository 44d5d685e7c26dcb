import { z } from "zod";
import { APPROVAL_STATUSES } from "@/lib/studio/approvals/approvals";
import { galleryItemSchema, itemReviewSchema, taskUpdateSchema } from "@/lib/studio/items/gallery-item";
import { CELL_STATUSES, cellItemSchema } from "./experiments";

/**
 * Every message of the live stream (`STREAM_PATH`), declared once: what the relay sends, what a
 * tab may send, each with a zod schema. The relay's `send` takes only the union inferred here (and
 * under vitest checks each frame against it), the relay parses what a tab sends with it, the
 * browser checks each frame against its shape (lib/studio/api/stream-frame.ts, a table written
 * from these schemas, so pages need not load zod), and the AsyncAPI document
 * (lib/studio/api/asyncapi.ts) and the reference page are generated from it.
 */

const text = (description: string) => z.string().meta({ description });

const epoch = text("The deployment's epoch, new at each restart of the whole studio; sent back to resume.");
const seq = z
  .number()
  .int()
  .nonnegative()
  .meta({ description: "This event's place in the epoch: sent back as `since` to resume after it." });
const ids = (what: string) => z.array(z.string()).meta({ description: what });

const serviceError = z.object({
  code: text("A stable camelCase code."),
  message: text("What went wrong, for a person."),
  parameter: z.string().optional(),
  type: z.string().optional(),
});

export const cellPatchSchema = z.object({
  key: text('The cell\'s coords joined by "-" ("0-2-1").'),
  status: z.enum(CELL_STATUSES),
  errors: z.array(serviceError),
  attempts: z.number().int(),
  taskUUID: z.string().nullable(),
  seconds: z.number().nullable(),
  items: z.array(cellItemSchema.omit({ seed: true })),
});

/** One declared message: its name in the document, a title and a sentence for a person. */
export interface StreamMessage<S extends z.ZodType = z.ZodType> {
  title: string;
  summary: string;
  schema: S;
}

function message<S extends z.ZodType>(title: string, summary: string, schema: S): StreamMessage<S> {
  return { title, summary, schema };
}

function logged<T extends string, S extends z.ZodRawShape>(type: T, shape: S) {
  return z.object({ type: z.literal(type), epoch, seq, ...shape });
}

function change<K extends string, S extends z.ZodRawShape>(
  kind: K,
  title: string,
  summary: string,
  shape: S,
) {
  return z.object({ kind: z.literal(kind), ...shape }).meta({ title, description: summary });
}

/**
 * The kinds of change in the review gallery a `gallery` event carries, each with its fields: an
 * open page patches what it holds or reads it again.
 */
export const GALLERY_CHANGES = [
  change(
    "review",
    "Review changed",
    "An item's review changed: state, assignee, ratings, tags, boards or comment count.",
    {
      itemId: text("The item."),
      review: itemReviewSchema,
    },
  ),
  change("trash", "Items trashed", "Items went to the trash.", {
    itemIds: ids("The items moved to the trash."),
  }),
  change("restore", "Items restored", "Items came back from the trash.", {
    itemIds: ids("The items restored."),
  }),
  change("purge", "Items deleted for good", "Items were deleted for good from the trash.", {
    itemIds: ids("The items deleted."),
  }),
  change("comment", "Comment changed", "A comment was added, edited, resolved or reopened on an item.", {
    itemId: text("The item."),
    commentId: text("The comment."),
  }),
  change("board", "Board changed", "A board was created, renamed, given a cover, or deleted.", {
    boardId: text("The board."),
  }),
  change("savedSearch", "Saved view changed", "A saved search shared with the team changed.", {
    id: text("The saved search."),
  }),
  change(
    "inbox",
    "Inbox count",
    "Sent to one member only: their inbox's unread count changed (a new mention, or read elsewhere).",
    { unread: z.number().int().nonnegative().meta({ description: "Unread notifications now." }) },
  ),
  change(
    "experiment",
    "Experiment changed",
    "An experiment's cells or status changed: with cells, an open grid updates them in place; without, the page reads the experiment again.",
    {
      experimentId: text("The experiment."),
      cells: z.array(cellPatchSchema).optional().meta({ description: "The cells that changed, when known." }),
      ended: z
        .object({ by: text("The member who started it."), name: text("The experiment's name.") })
        .optional()
        .meta({ description: "Present once, when the experiment has just finished." }),
    },
  ),
  change(
    "queue",
    "Waiting queue changed",
    "Tasks waiting in the studio arrived, were sent in their turn, paused, resumed, moved, given a priority, edited or cancelled: an open queue, a member's own or the team's, reads its order again.",
    { by: text("The member who changed it.") },
  ),
  change(
    "round",
    "Blind vote changed",
    "A blind vote of an experiment or an evaluation set was opened, voted on or closed: its counts and results read again.",
    { anchorId: text("The experiment or evaluation set the vote is on."), roundId: text("The vote.") },
  ),
  change(
    "approval",
    "Review request changed",
    "A review request was made, decided on, moved to its next stage, edited, cancelled or reopened: its page, the approvals list and the cards' badges read again.",
    {
      requestId: text("The review request."),
      status: z.enum(APPROVAL_STATUSES).meta({ description: "Where it stands now." }),
      stage: z.number().int().positive().meta({ description: "The stage deciding now (1-based)." }),
    },
  ),
] as const;

export const galleryChangeSchema = z.discriminatedUnion("kind", GALLERY_CHANGES);

export const presenceEventSchema = z.object({
  type: z.literal("presence"),
  on: text("The page: `item:<id>`, `experiment:<id>` or `vote:<id>`."),
  members: z.array(z.object({ userId: text("The member."), name: text("Their name now.") })).meta({
    description:
      "The first members there, in the order they came (the receiving tab's own member among them).",
  }),
  total: z
    .number()
    .int()
    .nonnegative()
    .meta({ description: "How many members are there in all, the receiving tab's member included." }),
});

/** What the relay sends, by message name. */
export const SERVER_MESSAGES = {
  hello: message(
    "Hello",
    "The first frame on every socket: who the socket is for, and where the stream stands (replayed events follow it).",
    logged("hello", { userId: text("The member the socket speaks for.") }),
  ),
  reset: message(
    "Reset",
    "The events missed since `since` can no longer be replayed (another epoch, or too old): read the gallery and the queue again over HTTP.",
    logged("reset", {}),
  ),
  item: message(
    "New result",
    "A new item in the team's gallery: a task's result, an upload or an import. Sent to every member.",
    logged("item", { item: galleryItemSchema }),
  ),
  task: message(
    "Task progress",
    "One of the member's own tasks moved: queued, processing with its progress, a retry, done, or failed with why.",
    logged("task", { task: taskUpdateSchema }),
  ),
  gallery: message(
    "Gallery changed",
    "A change in the review gallery, sent to every member (an inbox count only to its member); `change.kind` says which.",
    logged("gallery", { change: galleryChangeSchema }),
  ),
  presence: message(
    "Presence",
    "Who is on the page this tab said it is on, sent when that changes. Not logged: never replayed, no seq; say again where the tab is after a reconnect.",
    presenceEventSchema,
  ),
} as const;

/**
 * What a browser sends on its stream: the page it is on now (`null`: none), sent when it opens a
 * page, when it leaves it, and again every `PRESENCE_HEARTBEAT_MS` while it stays.
 */
const presenceMessage = z.object({
  type: z.literal("presence"),
  on: z.string().max(60).nullable(),
});

/** What a tab may send, by message name; anything else is ignored. */
export const CLIENT_MESSAGES = {
  presence: message(
    "Where this tab is",
    "The page the tab is on now (`null`: none), sent on opening and leaving a page and every 20 seconds while it stays. At most 20 messages in 10 seconds are read.",
    presenceMessage,
  ),
} as const;

type Schemas<M> = { [K in keyof M]: M[K] extends StreamMessage<infer S> ? S : never }[keyof M];

function union<M extends Record<string, StreamMessage>>(messages: M): z.ZodType<z.infer<Schemas<M>>> {
  const [first, ...rest] = Object.values(messages).map((m) => m.schema);
  if (!first) throw new Error("no messages declared");
  return z.union([first, ...rest]) as unknown as z.ZodType<z.infer<Schemas<M>>>;
}

/** Any frame the relay sends. */
export const streamFrameSchema = union(SERVER_MESSAGES);
export type StreamFrame = z.infer<typeof streamFrameSchema>;
/** The logged events: every frame but presence, each with its epoch and seq. */
export type StreamEvent = Exclude<StreamFrame, { type: "presence" }>;
export type PresenceEvent = z.infer<typeof presenceEventSchema>;
export type GalleryChange = z.infer<typeof galleryChangeSchema>;

/** Any message a tab sends. */
export const clientMessageSchema = union(CLIENT_MESSAGES);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/**
 * A frame's text as a declared frame, or null for anything else, by the full declarations (bounds
 * included): for scripts and tests that read the stream. Browsers read frames with
 * `readStreamFrame` (lib/studio/api/stream-frame.ts).
 */
export function parseStreamFrame(data: string): StreamFrame | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = streamFrameSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
