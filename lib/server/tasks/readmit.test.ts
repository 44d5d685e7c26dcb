import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { externalizeInlineMedia } from "@/lib/server/db/inline-media";
import { redactTaskParams } from "@/lib/server/db/redact-params";
import type { Flight } from "@/lib/server/results/keeper";
import { inlineMediaSink, LocalMediaStorage } from "@/lib/server/storage";
import type { Job } from "./hand-over";
import { readmit, wireFromRecord } from "./readmit";

/**
 * A task recorded before a restart is rebuilt from its record as `submitTasks` first wrote it:
 * inline media from the studio's copy, studio references resolved again, its cost asked, its
 * webhook set; what cannot be rebuilt ends the task with why.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "readmit-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const storage = new LocalMediaStorage(dir);
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const studioImage = "5b0c8a52-3f7e-4c39-9d64-4c1f2a9b7e10";
const serviceImage = "0f6e2d4b-8a1c-4e7f-b3d2-9c5a6e1f4b28";
const refs = {
  resolve: async <T extends Record<string, unknown>>(task: T) =>
    JSON.parse(JSON.stringify(task).replaceAll(studioImage, serviceImage)) as T,
};

async function recorded(sent: Record<string, unknown>) {
  return externalizeInlineMedia(redactTaskParams(sent), inlineMediaSink(storage));
}

describe("wireFromRecord", () => {
  it("restores inline media, resolves studio references again, asks the cost and sets the webhook", async () => {
    const taskUUID = crypto.randomUUID();
    const sent = {
      taskType: "imageInference",
      taskUUID,
      positivePrompt: "a harbour at dawn",
      model: "runware:100@1",
      seedImage: PNG,
      referenceImages: [studioImage],
      width: 128,
      height: 128,
    };
    const params = await recorded(sent);
    expect(JSON.stringify(params)).not.toContain("base64");
    const wire = await wireFromRecord(
      { storage, refs, webhookFor: (id) => `https://studio.test/api/webhooks/${id}` },
      { taskUUID, params },
    );
    expect(wire).toEqual({
      ...sent,
      referenceImages: [serviceImage],
      includeCost: true,
      webhookURL: `https://studio.test/api/webhooks/${taskUUID}`,
    });
  });

  it("refuses, naming the field, a task whose upload address held credentials the studio did not keep", async () => {
    const taskUUID = crypto.randomUUID();
    const params = await recorded({
      taskType: "imageInference",
      taskUUID,
      positivePrompt: "a harbour",
      uploadEndpoint: "https://bucket.test/put?X-Signature=secret",
    });
    await expect(wireFromRecord({ storage, refs }, { taskUUID, params })).rejects.toMatchObject({
      code: "unsupportedParameter",
      parameter: "uploadEndpoint",
    });
  });
});

describe("readmit", () => {
  it("puts each member's tasks back in their lanes in order; one that cannot be rebuilt ends with why", async () => {
    const flight = async (authorId: string, extra: Record<string, unknown> = {}) => {
      const taskUUID = crypto.randomUUID();
      const params = await recorded({
        taskType: "imageInference",
        taskUUID,
        positivePrompt: "a kite",
        ...extra,
      });
      return {
        taskUUID,
        wireUUID: taskUUID,
        taskType: "imageInference",
        authorId,
        authorName: authorId,
        params,
      } as unknown as Flight;
    };
    const flights = [
      await flight("ann"),
      await flight("bob"),
      await flight("ann", { uploadEndpoint: "https://bucket.test/put?sig=1" }),
      await flight("ann"),
    ];
    const lanes: { member: string; jobs: Job[] }[] = [];
    const failed: { taskUUID: string; code: string }[] = [];
    await readmit(
      {
        storage,
        refs,
        keeper: { fail: async (taskUUID, error) => void failed.push({ taskUUID, code: error.code }) },
        queue: { readmit: (member, jobs) => void lanes.push({ member, jobs: [...jobs] }) },
      },
      flights,
    );
    const [a0, b0, bad, a1] = flights.map((f) => f.taskUUID);
    expect(lanes.map((l) => ({ member: l.member, ids: l.jobs.map((j) => j.taskUUID) }))).toEqual([
      { member: "ann", ids: [a0, a1] },
      { member: "bob", ids: [b0] },
    ]);
    expect(lanes.flatMap((l) => l.jobs).every((j) => j.again && j.wire.taskUUID === j.taskUUID)).toBe(true);
    expect(failed).toEqual([{ taskUUID: bad, code: "unsupportedParameter" }]);
  });
});
