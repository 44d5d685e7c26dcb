import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceError } from "@/lib/protocol/errors";
import type { OpenedDatabase } from "@/lib/server/db";
import { createTestUser, openTestPglite } from "@/lib/server/db/test-databases";
import { recordUpload } from "@/lib/server/db/upload-records";
import { MemoryStorage, makeItem } from "@/lib/server/items/test-support";
import { trashItems } from "@/lib/server/organize/trash";
import type { MediaStorage } from "@/lib/server/storage";
import type { UpstreamClient } from "@/lib/upstream";
import { StudioRefs } from "./studio-refs";

// Before a task goes upstream its studio ids become ids the service holds; each refusal on the way
// names where in the task the image stands, as the contract's errors name a parameter.

let database: OpenedDatabase;
let ownerId = "";
const storage = new MemoryStorage();

/** A service whose `imageUpload` answers `answer` (its data and errors). */
function service(answer: { data: unknown[]; errors: ServiceError[] }) {
  const sent: unknown[] = [];
  const upstream = {
    request: async (tasks: unknown[]) => {
      sent.push(...tasks);
      return answer;
    },
  } as unknown as UpstreamClient;
  return { upstream, sent };
}

const took = (imageUUID: string) => ({ data: [{ kind: "other", result: { imageUUID } }], errors: [] });

const refs = (upstream: UpstreamClient) =>
  new StudioRefs(database.db, storage as unknown as MediaStorage, upstream);

/** An upload the studio recorded; `kept`: whether its file is still in storage. */
async function anUpload(kept: boolean): Promise<string> {
  const id = randomUUID();
  const storageKey = `uploads/test/${id}.png`;
  if (kept) storage.objects.set(storageKey, { bytes: Buffer.from("png"), mime: "image/png" });
  await recordUpload(database.db, {
    id,
    ownerId,
    storageKey,
    mime: "image/png",
    width: 8,
    height: 8,
    bytes: 3,
  });
  return id;
}

async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (err) {
    return err as ServiceError;
  }
  throw new Error("the task was not refused");
}

beforeAll(async () => {
  database = await openTestPglite();
  ownerId = await createTestUser(database);
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe("a task's studio ids, made the service's", () => {
  it("replaces an upload's id with the one the service gave for the studio's copy", async () => {
    const id = await anUpload(true);
    const { upstream, sent } = service(took("up-1"));
    const task = { taskType: "imageInference", taskUUID: randomUUID(), seedImage: id };
    expect(await refs(upstream).resolve(task)).toEqual({ ...task, seedImage: "up-1" });
    expect(sent).toHaveLength(1);
  });

  it("names the place of an upload whose file the studio lost", async () => {
    const id = await anUpload(false);
    const { upstream, sent } = service(took("never"));
    const task = { taskType: "imageInference", taskUUID: randomUUID(), referenceImages: ["x", id] };
    expect(await refusal(refs(upstream).resolve(task))).toEqual({
      code: "invalidMediaReference",
      message: expect.stringContaining(id),
      parameter: "referenceImages.1",
      type: "string",
    });
    expect(sent).toHaveLength(0);
  });

  it("names the place of a gallery image in the trash, and sends nothing of it", async () => {
    const found = await makeItem(database as never, ownerId, storage);
    await trashItems(database.db, { id: ownerId, name: "Owner", role: "owner" }, [found.id]);
    const { upstream, sent } = service(took("never"));
    const task = {
      taskType: "imageControlNetPreProcess",
      taskUUID: randomUUID(),
      inputImage: found.mediaUUID,
    };
    expect(await refusal(refs(upstream).resolve(task))).toEqual({
      code: "conflictItemInTrash",
      message: expect.stringMatching(/trash/),
      parameter: "inputImage",
      type: "string",
    });
    expect(sent).toHaveLength(0);
  });

  it("names the place the service refused, not its own upload task's parameter", async () => {
    const id = await anUpload(true);
    const { upstream } = service({
      data: [],
      errors: [
        {
          code: "invalidImage",
          message: "The image could not be read.",
          parameter: "image",
          taskType: "imageUpload",
          taskUUID: randomUUID(),
        },
      ],
    });
    const task = {
      taskType: "imageInference",
      taskUUID: randomUUID(),
      controlNet: [{ model: "m", guideImage: id }],
    };
    expect(await refusal(refs(upstream).resolve(task))).toEqual({
      code: "invalidImage",
      message: "The image could not be read.",
      parameter: "controlNet.0.guideImage",
      type: "string",
    });
  });

  it("names the place when the service answers no image and no reason", async () => {
    const id = await anUpload(true);
    const { upstream } = service({ data: [], errors: [] });
    // Named twice: the first place names it.
    const task = { taskType: "imageInference", taskUUID: randomUUID(), seedImage: id, maskImage: id };
    expect(await refusal(refs(upstream).resolve(task))).toEqual({
      code: "serviceUnavailable",
      message: expect.any(String),
      parameter: "seedImage",
      type: "string",
    });
  });
});
