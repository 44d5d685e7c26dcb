import { describe, expect, it } from "vitest";
import type { TaskUpdate } from "@/lib/studio/items/gallery-item";
import { DoneTracker, howToTell } from "./done-tracker";

const update = (
  taskUUID: string,
  status: TaskUpdate["status"],
  itemsDone = 0,
  error?: string,
): TaskUpdate => ({
  taskUUID,
  taskType: "imageInference",
  status,
  progress: null,
  itemCount: 4,
  itemsDone,
  error: error ? { code: "failed", message: error } : null,
});

const BATCH = {
  workflow: "Text to image",
  subject: "a red fox",
  medium: "image" as const,
  href: "/create/text-to-image",
};
const SEEN = { notify: true, sound: false, hidden: true, permission: () => "granted" };

describe("when the member's work is done", () => {
  it("tells of a batch once, when its last task ends, counting its images", () => {
    const t = new DoneTracker();
    expect(t.sent({ ...BATCH, taskUUIDs: ["a", "b"] })).toBeNull();
    expect(t.task(update("a", "processing"))).toBeNull();
    expect(t.task(update("a", "success", 4))).toBeNull();
    const alert = t.task(update("b", "success", 4));
    expect(alert).toMatchObject({
      title: "8 images are ready",
      body: "Text to image: a red fox",
      href: "/create/text-to-image",
    });
    // A replay of the same end (a reconnect) tells nothing more.
    expect(t.task(update("b", "success", 4))).toBeNull();
  });

  it("ignores tasks it did not send (another tab's, an experiment's cells)", () => {
    const t = new DoneTracker();
    t.sent({ ...BATCH, taskUUIDs: ["mine"] });
    for (const uuid of ["cell-1", "cell-2", "other-tab"])
      expect(t.task(update(uuid, "success", 1))).toBeNull();
  });

  it("tells of a batch whose tasks ended before the send was answered", () => {
    const t = new DoneTracker();
    expect(t.task(update("fast", "success", 1))).toBeNull();
    expect(t.sent({ ...BATCH, taskUUIDs: ["fast"] })?.title).toBe("Your image is ready");
  });

  it("says what failed", () => {
    const t = new DoneTracker();
    t.sent({ ...BATCH, taskUUIDs: ["a", "b"] });
    t.task(update("a", "success", 3));
    expect(t.task(update("b", "error", 0, "The service refused it."))?.title).toBe(
      "3 images are ready, 1 task failed",
    );
    t.sent({ ...BATCH, medium: "video", taskUUIDs: ["v"] });
    expect(t.task(update("v", "error", 0, "Out of credit."))).toMatchObject({
      title: "Your task failed",
      body: "Text to image: a red fox. Out of credit.",
    });
  });

  it("counts a task cancelled while it waited as cancelled, never as failed", () => {
    const cancelled = (uuid: string): TaskUpdate => ({
      ...update(uuid, "error"),
      error: { code: "cancelled", message: "Cancelled while it waited; it was never sent." },
    });
    const t = new DoneTracker();
    t.sent({ ...BATCH, taskUUIDs: ["a", "b", "c"] });
    t.task(update("a", "success", 2));
    t.task(cancelled("b"));
    expect(t.task(cancelled("c"))?.title).toBe("2 images are ready, 2 cancelled");
    // A batch the member cancelled whole: nothing to tell them.
    t.sent({ ...BATCH, taskUUIDs: ["d", "e"] });
    t.task(cancelled("d"));
    expect(t.task(cancelled("e"))).toBeNull();
    // A failure beside a cancelled task is told as the failure it is.
    t.sent({ ...BATCH, taskUUIDs: ["f", "g"] });
    t.task(cancelled("f"));
    expect(t.task(update("g", "error", 0, "Out of credit."))?.title).toBe("Your task failed");
  });

  it("tells of an experiment only the member who started it", () => {
    const t = new DoneTracker();
    const ended = { experimentId: "e1", by: "u-ada", name: "Sampler sweep" };
    expect(t.experimentEnded(ended, "u-bob")).toBeNull();
    expect(t.experimentEnded(ended, null)).toBeNull();
    expect(t.experimentEnded(ended, "u-ada")).toMatchObject({
      title: "Your experiment finished",
      href: "/experiments/e1",
    });
  });

  it("tells only while the tab is hidden, as the member chose and the browser allows", () => {
    const t = new DoneTracker();
    t.sent({ ...BATCH, taskUUIDs: ["a"] });
    const alert = t.task(update("a", "success", 1));
    expect(howToTell(alert, SEEN)).toEqual({ show: true, chime: false });
    expect(howToTell(alert, { ...SEEN, hidden: false, sound: true })).toEqual({ show: false, chime: false });
    expect(howToTell(alert, { ...SEEN, permission: () => "denied", sound: true })).toEqual({
      show: false,
      chime: true,
    });
    expect(howToTell(alert, { ...SEEN, notify: false })).toEqual({ show: false, chime: false });
    expect(howToTell(null, SEEN)).toEqual({ show: false, chime: false });
  });

  it("asks the browser's permission only when a notification could be shown", () => {
    const t = new DoneTracker();
    t.sent({ ...BATCH, taskUUIDs: ["a"] });
    const alert = t.task(update("a", "success", 1));
    let asked = 0;
    const permission = () => {
      asked++;
      return "granted";
    };
    howToTell(null, { ...SEEN, permission });
    howToTell(alert, { ...SEEN, hidden: false, permission });
    howToTell(alert, { ...SEEN, notify: false, sound: true, permission });
    expect(asked).toBe(0);
    expect(howToTell(alert, { ...SEEN, permission })).toEqual({ show: true, chime: false });
    expect(asked).toBe(1);
  });

  it("over random orders of ends, tells each batch exactly once", () => {
    for (let run = 0; run < 200; run++) {
      const t = new DoneTracker();
      const batches = Array.from({ length: 1 + (run % 5) }, (_, b) =>
        Array.from({ length: 1 + ((run + b) % 4) }, (_, i) => `r${run}-b${b}-t${i}`),
      );
      const events = batches.flat().flatMap((uuid) => [uuid, uuid]);
      events.sort(() => Math.random() - 0.5);
      let told = 0;
      // Half the batches are registered after some of their ends arrived.
      const late = batches.filter((_, b) => b % 2 === 1);
      for (const batch of batches.filter((_, b) => b % 2 === 0))
        if (t.sent({ ...BATCH, taskUUIDs: batch })) told++;
      events.forEach((uuid, i) => {
        if (t.task(update(uuid, "success", 1))) told++;
        if (i === Math.floor(events.length / 2))
          for (const batch of late) if (t.sent({ ...BATCH, taskUUIDs: batch })) told++;
      });
      expect(told).toBe(batches.length);
    }
  });
});
