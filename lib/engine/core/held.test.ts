import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, type Harness, imageTask, startHarness } from "../test-harness";

/** ENGINE_FAULTS `held`: a busy service whose queue only grows, for benches of a long queue. */

let h: Harness;
const poll = (taskUUID: string) => h.post([{ taskType: "getResponse", taskUUID }]);

beforeAll(async () => {
  h = await startHarness({ env: { ENGINE_FAULTS: "[waits]=held" } });
});
afterAll(async () => {
  await h.close();
  h.cleanup();
});

describe("a held task", () => {
  it("stays processing while a task without the marker is made, and lets the engine stop", async () => {
    const held = Array.from({ length: 12 }, () =>
      imageTask({ deliveryMethod: "async", positivePrompt: "a crow [waits]" }),
    );
    const ack = await h.post(held);
    expect(ack.status).toBe(200);
    const free = imageTask({ deliveryMethod: "async", positivePrompt: "a crow in the open" });
    await h.post([free]);
    await eventually(async () => {
      const r = await poll(free.taskUUID as string);
      return r.body.data?.[0]?.status === "success" ? r : undefined;
    }, 60_000);
    for (const task of held) {
      const r = await poll(task.taskUUID as string);
      expect(r.body.data?.[0]).toMatchObject({ status: "processing" });
    }
  }, 90_000);
});
