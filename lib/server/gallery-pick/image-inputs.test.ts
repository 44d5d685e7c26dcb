import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordItem } from "@/lib/server/db/item-records";
import { item } from "@/lib/server/db/schema";
import { recordTasks } from "@/lib/server/db/task-records";
import {
  backendTitle,
  createTestUser,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { recordUpload } from "@/lib/server/db/upload-records";
import { checkImageInputs, isImageInput } from "./image-inputs";

describe("an image input's place", () => {
  it("is any parameter whose name says image, at any depth", () => {
    for (const path of [
      "seedImage",
      "maskImage",
      "controlNet.0.guideImage",
      "ipAdapters.1.guideImage",
      "referenceImages.2",
      "inputs.frameImages.0.image",
      "inputs.referenceImages.0",
    ])
      expect(isImageInput(path), path).toBe(true);
    for (const path of [
      "taskUUID",
      "model",
      "inputs.referenceVideos.0",
      "inputs.documents.0",
      "lora.0.model",
    ])
      expect(isImageInput(path), path).toBe(false);
  });
});

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "image inputs named by id"), () => {
    let opened: TestDatabase;
    let other: TestDatabase;
    let member: string;

    beforeAll(async () => {
      [opened, other] = await Promise.all([backend.open(), backend.open()]);
      member = await createTestUser(opened, `m-${randomUUID().slice(0, 8)}`);
    }, 60_000);
    afterAll(async () => {
      await Promise.all([opened?.dispose(), other?.dispose()]);
    });

    async function keep(db: TestDatabase, author: string, kind: "image" | "video" = "image") {
      const taskUUID = randomUUID();
      await recordTasks(db.db, author, [{ taskType: "imageInference", taskUUID, positivePrompt: "a gull" }]);
      const mediaUUID = randomUUID();
      const { item: row } = await recordItem(db.db, {
        taskUUID,
        mediaUUID,
        kind,
        mime: kind === "image" ? "image/png" : "video/mp4",
        width: 64,
        height: 64,
        seed: 1,
        storageKey: `items/test/${mediaUUID}`,
        bytes: 10,
      });
      return row;
    }

    const task = (extra: Record<string, unknown>) => ({
      taskType: "imageInference",
      taskUUID: randomUUID(),
      positivePrompt: "a harbour",
      ...extra,
    });

    it("takes a live gallery image and an upload wherever an image goes", async () => {
      const picked = await keep(opened, member);
      const up = await recordUpload(opened.db, {
        ownerId: member,
        storageKey: `uploads/${randomUUID()}.png`,
        mime: "image/png",
        width: 8,
        height: 8,
        bytes: 4,
      });
      expect(
        await checkImageInputs(
          opened.db,
          task({
            seedImage: picked.mediaUUID.toUpperCase(),
            controlNet: [{ guideImage: up.id }, { guideImage: picked.mediaUUID }],
            inputs: { frameImages: [{ image: picked.mediaUUID }], referenceVideos: [randomUUID()] },
          }),
        ),
      ).toBe(null);
    });

    it("names the first bad gallery image among several, by its parameter", async () => {
      const picked = await keep(opened, member);
      const trashed = await keep(opened, member);
      await opened.db
        .update(item)
        .set({ deletedAt: new Date(), deletedBy: member })
        .where(eq(item.id, trashed.id));
      expect(
        await checkImageInputs(
          opened.db,
          task({
            seedImage: picked.mediaUUID,
            controlNet: [{ guideImage: picked.mediaUUID }, { guideImage: trashed.mediaUUID }],
          }),
        ),
      ).toMatchObject({ code: "conflictItemInTrash", parameter: "controlNet.1.guideImage" });
    });

    it("refuses an id the studio does not hold, another studio's or made up, in the same words", async () => {
      const elsewhere = await keep(other, await createTestUser(other, `o-${randomUUID().slice(0, 8)}`));
      const theirs = await checkImageInputs(opened.db, task({ seedImage: elsewhere.mediaUUID }));
      expect(theirs).toMatchObject({ code: "invalidMediaReference", parameter: "seedImage" });
      for (let i = 0; i < 20; i++) {
        const parameter = ["seedImage", "maskImage", "controlNet.0.guideImage", "inputs.referenceImages.0"][
          i % 4
        ];
        const made: Record<string, unknown> =
          parameter === "controlNet.0.guideImage"
            ? { controlNet: [{ guideImage: randomUUID() }] }
            : parameter === "inputs.referenceImages.0"
              ? { inputs: { referenceImages: [randomUUID()] } }
              : { [parameter as string]: randomUUID() };
        const refused = await checkImageInputs(opened.db, task(made));
        // Nothing in the answer tells a made-up id from one that exists elsewhere.
        expect(refused).toEqual({ ...theirs, parameter });
      }
    });

    it("refuses an item in the trash and a video, naming the parameter", async () => {
      const trashed = await keep(opened, member);
      await opened.db
        .update(item)
        .set({ deletedAt: new Date(), deletedBy: member })
        .where(eq(item.id, trashed.id));
      expect(await checkImageInputs(opened.db, task({ maskImage: trashed.mediaUUID }))).toMatchObject({
        code: "conflictItemInTrash",
        parameter: "maskImage",
      });
      const clip = await keep(opened, member, "video");
      expect(
        await checkImageInputs(opened.db, task({ inputs: { frameImages: [{ image: clip.mediaUUID }] } })),
      ).toMatchObject({ code: "invalidMediaReference", parameter: "inputs.frameImages.0.image" });
    });
  });
}
