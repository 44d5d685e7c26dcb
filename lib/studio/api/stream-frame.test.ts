import { describe, expect, it } from "vitest";
import type { z } from "zod";
import type { GalleryItem, ItemReview } from "@/lib/studio/items/gallery-item";
import { readStreamFrame } from "./stream-frame";
import { STREAM_FRAME_SHAPE } from "./stream-frame-shape";
import { frameShapeOf } from "./stream-frame-shape-of";
import {
  type cellPatchSchema,
  GALLERY_CHANGES,
  SERVER_MESSAGES,
  type StreamFrame,
  streamFrameSchema,
} from "./stream-messages";

const logged = { epoch: "e1", seq: 7 };
const review: ItemReview = {
  state: "in_review",
  assigneeId: null,
  ratingAvg: 4.5,
  ratingCount: 2,
  tags: ["keeper"],
  boardIds: [],
  commentCount: 1,
  deletedAt: null,
};
const item: GalleryItem = {
  id: "i1",
  taskUUID: "t1",
  taskType: "imageInference",
  workflow: "text-to-image",
  authorId: "u1",
  authorName: "Ada",
  kind: "image",
  mediaUUID: "m1",
  url: "/api/media/i1",
  mime: "image/png",
  width: 512,
  height: 512,
  durationSeconds: null,
  seed: "42",
  cost: 0.002,
  nsfw: false,
  prompt: "a fox",
  model: "runware:100@1",
  createdAt: "2026-11-30T12:00:00.000Z",
  review,
  starred: true,
  stack: { id: "i0", version: 2, count: 2 },
  seedKey: "k1",
  seedCount: 3,
};
const cell: z.infer<typeof cellPatchSchema> = {
  key: "0-1",
  status: "error",
  errors: [{ code: "timeout", message: "Took too long.", parameter: "steps", type: "x" }],
  attempts: 2,
  taskUUID: null,
  seconds: 1.5,
  items: [{ id: "i1", kind: "image", url: "/api/media/i1", width: 64, height: 64, cost: null }],
};

/** One frame of every kind the relay sends, each optional field there. */
const SAMPLES: StreamFrame[] = [
  { type: "hello", ...logged, userId: "u1" },
  { type: "reset", ...logged },
  { type: "item", ...logged, item },
  {
    type: "task",
    ...logged,
    task: {
      taskUUID: "t1",
      taskType: "imageInference",
      status: "error",
      progress: null,
      itemCount: 4,
      itemsDone: 3,
      error: { code: "refused", message: "No.", parameter: "positivePrompt" },
      failedResults: [{ index: 2, code: "nsfw", message: "Held back." }],
      retry: { attempt: 1, of: 3 },
    },
  },
  ...(
    [
      { kind: "review", itemId: "i1", review },
      { kind: "trash", itemIds: ["i1", "i2"] },
      { kind: "restore", itemIds: ["i1"] },
      { kind: "purge", itemIds: [] },
      { kind: "comment", itemId: "i1", commentId: "c1" },
      { kind: "board", boardId: "b1" },
      { kind: "savedSearch", id: "s1" },
      { kind: "inbox", unread: 3 },
      { kind: "experiment", experimentId: "x1", cells: [cell], ended: { by: "u1", name: "Foxes" } },
      { kind: "queue", by: "u1" },
      { kind: "round", anchorId: "x1", roundId: "r1" },
      { kind: "approval", requestId: "q1", status: "approved", stage: 2 },
    ] as const
  ).map((change) => ({ type: "gallery" as const, ...logged, change }) as StreamFrame),
  {
    type: "presence",
    on: "item:0b6b1f8e-3a52-4d0c-9a61-3f3a1c2b4d5e",
    members: [{ userId: "u1", name: "Ada" }],
    total: 1,
  },
];

const schemaAccepts = (value: unknown) => streamFrameSchema.safeParse(value).success;
const read = (value: unknown) => readStreamFrame(JSON.stringify(value));

describe("the browser's check of a stream frame", () => {
  it("has the declarations' shape (run `npm run api:stream-shape` after changing a message)", () => {
    expect(STREAM_FRAME_SHAPE).toEqual(frameShapeOf(streamFrameSchema));
  });

  it("reads every kind of frame the relay sends, as it was sent", () => {
    expect(new Set(SAMPLES.map((f) => f.type))).toEqual(new Set(Object.keys(SERVER_MESSAGES)));
    const kinds = SAMPLES.flatMap((f) => (f.type === "gallery" ? [f.change.kind] : []));
    expect(kinds).toEqual(GALLERY_CHANGES.map((c) => c.shape.kind.value));
    for (const frame of SAMPLES) {
      expect(schemaAccepts(frame), frame.type).toBe(true);
      expect(read(frame)).toEqual(frame);
    }
  });

  it("drops what is not a frame", () => {
    expect(readStreamFrame("not json")).toBeNull();
    expect(readStreamFrame("null")).toBeNull();
    expect(readStreamFrame("[]")).toBeNull();
    expect(read({ type: "unknown", ...logged })).toBeNull();
    expect(read({ type: "hello", epoch: "e1", userId: "u1" })).toBeNull();
    expect(read({ type: "hello", epoch: "e1", seq: 1.5, userId: "u1" })).toBeNull();
    expect(read({ type: "gallery", ...logged, change: { kind: "unknown" } })).toBeNull();
    expect(read({ type: "gallery", ...logged, change: { kind: "board" } })).toBeNull();
    expect(read({ type: "item", ...logged, item: { ...item, kind: "audio" } })).toBeNull();
    expect(read({ type: "item", ...logged, item: { ...item, review: { ...review, tags: [1] } } })).toBeNull();
  });

  it("agrees with the declarations on 3,000 frames changed at random in their structure", () => {
    // A key taken away, a value of another JSON type or another string put in its place, or an
    // unknown key added, at any depth: each accepted by the check exactly when the declarations
    // accept it. (The check leaves a value's bounds to the server: no change here is only that.)
    const random = seeded(20261130);
    let dropped = 0;
    for (let i = 0; i < 3000; i++) {
      const sample = SAMPLES[Math.floor(random() * SAMPLES.length)] as StreamFrame;
      const frame = structuredClone(sample) as unknown;
      const changes = 1 + Math.floor(random() * 2);
      for (let c = 0; c < changes; c++) change(frame, random);
      const declared = schemaAccepts(frame);
      expect(read(frame) !== null, JSON.stringify(frame)).toBe(declared);
      if (!declared) dropped++;
    }
    // The changes are not all harmless ones: most frames were not declared ones any more.
    expect(dropped).toBeGreaterThan(1500);
  });
});

/** A small seeded generator, so a failing case can be run again. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const OTHERS: unknown[] = ["x", 7, 2.5, true, null, [], {}];

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** Every object or array inside `value` (itself included), with the keys each holds. */
function containers(value: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (value && typeof value === "object") {
    out.push(value as Record<string, unknown>);
    for (const v of Object.values(value)) containers(v, out);
  }
  return out;
}

/** One structural change somewhere in `frame`. */
function change(frame: unknown, random: () => number) {
  const all = containers(frame);
  const target = all[Math.floor(random() * all.length)] as Record<string, unknown>;
  const keys = Object.keys(target);
  const key = keys[Math.floor(random() * keys.length)];
  const what = random();
  if (key === undefined || what < 0.15) {
    if (!Array.isArray(target)) target.extra = "unknown";
    return;
  }
  if (what < 0.5 && !Array.isArray(target)) {
    delete target[key];
    return;
  }
  // A string put in another string's place: an enumerated or literal value (a kind, a state) that
  // is not one declared. No string the stream declares has bounds this one breaks.
  if (what < 0.65 && typeof target[key] === "string") {
    target[key] = "other";
    return;
  }
  const others = OTHERS.filter((o) => jsonType(o) !== jsonType(target[key]));
  target[key] = structuredClone(others[Math.floor(random() * others.length)]);
}
