import { describe, expect, it } from "vitest";
import type { StreamFrame } from "@/lib/studio/api/stream-messages";
import { checkFrame } from "./declared-frames";
import { EventLog } from "./event-log";
import { galleryItem, taskUpdate } from "./test-support";

// Under test a frame the declarations do not describe cannot be sent: not an unknown type, not a
// field they lack (the browser's parser would drop it), not a value of the wrong shape.

describe("frames are sent only as declared", () => {
  it("passes every kind of frame the studio sends", () => {
    const frames: StreamFrame[] = [
      { type: "hello", epoch: "e", seq: 0, userId: "u1" },
      { type: "reset", epoch: "e", seq: 3 },
      { type: "item", epoch: "e", seq: 1, item: galleryItem("i1") },
      { type: "task", epoch: "e", seq: 2, task: taskUpdate("t1", { retry: { attempt: 1, of: 3 } }) },
      { type: "gallery", epoch: "e", seq: 4, change: { kind: "inbox", unread: 2 } },
      { type: "gallery", epoch: "e", seq: 5, change: { kind: "experiment", experimentId: "x" } },
      { type: "presence", on: "item:x", members: [{ userId: "u1", name: "Ada" }], total: 1 },
    ];
    for (const frame of frames) expect(() => checkFrame(frame)).not.toThrow();
  });

  it("refuses an undeclared type, an undeclared field and a value of the wrong shape", () => {
    expect(() => checkFrame({ type: "typing", epoch: "e", seq: 1 } as unknown as StreamFrame)).toThrow(
      /outside/,
    );
    const extra = { type: "item", epoch: "e", seq: 1, item: { ...galleryItem("i1"), secret: "x" } };
    expect(() => checkFrame(extra as unknown as StreamFrame)).toThrow(/lacks/);
    const wrong = { type: "gallery", epoch: "e", seq: 1, change: { kind: "inbox", unread: "two" } };
    expect(() => checkFrame(wrong as unknown as StreamFrame)).toThrow(/outside/);
  });

  it("fails where an undeclared event is published, before it is stored", async () => {
    const log = new EventLog();
    await log.start();
    expect(() => log.publishGallery({ kind: "inbox", unread: -1 })).toThrow(/outside/);
    expect(log.counts.published).toBe(0);
    await log.close();
  });
});
