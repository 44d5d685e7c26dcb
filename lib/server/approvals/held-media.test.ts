import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { item } from "@/lib/server/db/schema";
import { backendTitle, type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import { LocalMediaStorage } from "@/lib/server/storage";
import { createApproval } from "./create";
import { decide } from "./decide";
import { sharedMediaResponse } from "./held-media";
import { cancelApproval } from "./manage";
import { approvalTeam, twoStages } from "./test-support";

const headers = { range: null, accept: "image/webp,*/*" };

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(
    backendTitle(backend, "share links while downloads are held"),
    () => {
      let opened: TestDatabase;
      let team: Awaited<ReturnType<typeof approvalTeam>>;
      let dir: string;
      let storage: LocalMediaStorage;
      let original: Buffer;
      beforeAll(async () => {
        opened = await backend.open();
        team = await approvalTeam(opened);
        dir = await mkdtemp(join(tmpdir(), "held-media-"));
        storage = new LocalMediaStorage(dir);
        original = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: "#c04020" } })
          .png()
          .toBuffer();
        for (const id of team.itemIds) {
          const [row] = await opened.db.select({ key: item.storageKey }).from(item).where(eq(item.id, id));
          await storage.put(row?.key as string, original, { mime: "image/png" });
        }
      }, 60_000);
      afterAll(async () => {
        await opened?.dispose();
        if (dir) await rm(dir, { recursive: true, force: true });
      });

      const read = async (id: string) => {
        const response = await sharedMediaResponse({ db: opened.db, storage }, id, headers);
        const bytes = Buffer.from(await response.arrayBuffer());
        return { response, bytes, width: (await sharp(bytes).metadata()).width };
      };

      it("answers a held item with a still preview, never the original, until its request approves it", async () => {
        const { people, deps } = team;
        const [held, free] = team.itemIds as [string, string];
        const input = {
          ...twoStages(people, [held]),
          holdDownloads: true,
          stages: [{ name: "One", reviewers: [{ userId: people.editor.id as string }] }],
        };
        const { approval } = await createApproval(deps, people.owner, input, "x");

        const preview = await read(held);
        expect(preview.response.status).toBe(200);
        expect(preview.response.headers.get("content-type")).not.toBe("image/png");
        expect(preview.width).toBe(1280);
        expect(preview.bytes.equals(original)).toBe(false);
        expect(preview.response.headers.get("cache-control")).toBe("no-store");
        // A range asked of a held item still gets the preview, not a slice of the original.
        const ranged = await sharedMediaResponse({ db: opened.db, storage }, held, {
          range: "bytes=0-",
          accept: null,
        });
        expect(ranged.status).toBe(200);
        expect(ranged.headers.get("content-type")).not.toBe("image/png");

        // An item no held request covers is the original, as before.
        expect((await read(free)).bytes.equals(original)).toBe(true);

        await decide(
          deps,
          { userId: people.editor.id as string },
          approval.id,
          { decision: "approve", note: "" },
          null,
        );
        const after = await read(held);
        expect(after.bytes.equals(original)).toBe(true);
        expect(after.response.headers.get("cache-control")).toBe("no-store");
      });

      it("keeps the preview when a stage asks for changes, and frees the original when a request is cancelled", async () => {
        const { people, deps } = team;
        const id = team.itemIds[2] as string;
        const input = {
          ...twoStages(people, [id]),
          holdDownloads: true,
          stages: [{ name: "One", reviewers: [{ userId: people.editor.id as string }] }],
        };
        const first = await createApproval(deps, people.owner, input, "x");
        await decide(
          deps,
          { userId: people.editor.id as string },
          first.approval.id,
          { decision: "changesRequested", note: "Warmer light" },
          null,
        );
        expect((await read(id)).width).toBe(1280);
        const second = await createApproval(deps, people.owner, { ...input, title: "Second look" }, "x");
        await cancelApproval(deps, people.owner, second.approval.id);
        // The first request still asks for changes: the item stays held.
        expect((await read(id)).width).toBe(1280);
      });
    },
  );
}
