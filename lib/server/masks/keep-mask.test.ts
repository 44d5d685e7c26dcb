import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { item, itemSource, itemTag, task } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  type InstancePair,
  openInstancePair,
  testBackends,
} from "@/lib/server/db/test-databases";
import { storeUpload } from "@/lib/server/results/uploads";
import { LocalMediaStorage } from "@/lib/server/storage";
import { ApiError } from "@/lib/studio/api/errors";
import { keepMask, MASK_SOURCE_ROLE } from "./keep-mask";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "masks-"));
const storage = new LocalMediaStorage(path.join(dir, "media"));

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A white square on black, as the canvas saves a mask. */
function maskPng(): Promise<Buffer> {
  const side = 64;
  const pixels = Buffer.alloc(side * side);
  for (let y = 16; y < 48; y++) pixels.fill(255, y * side + 16, y * side + 48);
  return sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
    .png()
    .toBuffer();
}

for (const backend of testBackends) {
  describe.skipIf(backend.skip)(backendTitle(backend, "keeping a mask in the gallery"), () => {
    let pair: InstancePair;
    let alice = "";
    let bob = "";

    beforeAll(async () => {
      pair = await openInstancePair(backend);
      alice = await createTestUser(pair.a);
      bob = await createTestUser(pair.a);
    }, 60_000);
    afterAll(() => pair?.dispose());

    async function upload(owner: string) {
      const outcome = await storeUpload(pair.a.db, storage, owner, await maskPng());
      if (!outcome.ok) throw new Error(outcome.message);
      return outcome.upload;
    }

    it("makes an image item tagged as a mask, its bytes under a key of its own", async () => {
      const up = await upload(alice);
      const { item: kept, created } = await keepMask(pair.a.db, storage, { id: alice }, { uploadId: up.id });
      expect(created).toBe(true);
      expect(kept).toMatchObject({ kind: "image", width: 64, height: 64, authorId: alice, mediaUUID: up.id });
      expect(kept.review?.tags).toEqual(["mask"]);
      const [row] = await pair.a.db.select().from(item).where(eq(item.id, kept.id));
      expect(row?.storageKey).not.toBe("");
      const stored = await storage.stat(row?.storageKey ?? "");
      expect(stored?.size).toBe(up.bytes);
      const [made] = await pair.a.db.select().from(task).where(eq(task.taskUUID, kept.taskUUID));
      expect(made).toMatchObject({ status: "success", authorId: alice });
    });

    it("links the mask to the gallery image it was painted over", async () => {
      const first = await keepMask(pair.a.db, storage, { id: alice }, { uploadId: (await upload(alice)).id });
      const second = await keepMask(
        pair.a.db,
        storage,
        { id: alice },
        { uploadId: (await upload(alice)).id, sourceImageId: first.item.mediaUUID },
      );
      const links = await pair.a.db.select().from(itemSource).where(eq(itemSource.itemId, second.item.id));
      expect(links).toEqual([
        { itemId: second.item.id, sourceItemId: first.item.id, role: MASK_SOURCE_ROLE },
      ]);
      // An image that is no gallery item (a plain upload) links nothing and is no error.
      const third = await keepMask(
        pair.a.db,
        storage,
        { id: alice },
        { uploadId: (await upload(alice)).id, sourceImageId: (await upload(alice)).id },
      );
      expect(await pair.a.db.select().from(itemSource).where(eq(itemSource.itemId, third.item.id))).toEqual(
        [],
      );
    });

    it("refuses another member's upload, naming it", async () => {
      const up = await upload(alice);
      const refused = await keepMask(pair.a.db, storage, { id: bob }, { uploadId: up.id }).catch((e) => e);
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({ status: 404, errors: [{ parameter: "uploadId" }] });
      expect(await pair.a.db.select().from(item).where(eq(item.mediaUUID, up.id))).toEqual([]);
    });

    it("kept from two studios at once, the same upload is one item with one tag", async () => {
      const up = await upload(alice);
      const answers = await Promise.all(
        [pair.a, pair.b, pair.a, pair.b].map((d) =>
          keepMask(d.db, storage, { id: alice }, { uploadId: up.id }),
        ),
      );
      expect(new Set(answers.map((a) => a.item.id)).size).toBe(1);
      expect(answers.filter((a) => a.created)).toHaveLength(1);
      const rows = await pair.a.db.select().from(item).where(eq(item.mediaUUID, up.id));
      expect(rows).toHaveLength(1);
      expect(
        await pair.a.db
          .select()
          .from(itemTag)
          .where(eq(itemTag.itemId, rows[0]?.id ?? "")),
      ).toHaveLength(1);
      const tasks = await pair.a.db.select().from(task).where(eq(task.taskType, "canvasMask"));
      expect(tasks.filter((t) => (t.params as { maskImage?: string }).maskImage === up.id)).toHaveLength(1);
    });
  });
}
