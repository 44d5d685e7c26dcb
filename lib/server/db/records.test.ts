import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InlineMedia } from "./inline-media";
import { type ItemInput, listItems, recordItem } from "./item-records";
import { RecordError } from "./record-errors";
import { item, task } from "./schema";
import { getTask, markTask, recordTasks, tasksInFlight } from "./task-records";
import { backendTitle, createTestUser, queryRows, type TestDatabase, testBackends } from "./test-databases";
import { getUpload, markUploadSent, recordUpload } from "./upload-records";

// 1x1 PNG: enough for the inline-media sniffing to recognise an image.
const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

function imageTask(extra: Record<string, unknown> = {}) {
  return { taskType: "imageInference", taskUUID: randomUUID(), positivePrompt: "a lighthouse", ...extra };
}

function itemFor(taskUUID: string, extra: Partial<ItemInput> = {}): ItemInput {
  const mediaUUID = randomUUID();
  return {
    taskUUID,
    mediaUUID,
    kind: "image",
    mime: "image/png",
    width: 512,
    height: 512,
    seed: 42,
    storageKey: `items/2025/01/${mediaUUID}.png`,
    bytes: 1234,
    ...extra,
  };
}

async function rejection(promise: Promise<unknown>): Promise<RecordError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RecordError);
  return err as RecordError;
}

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "studio records"), () => {
    let opened: TestDatabase;
    let author: string;

    beforeAll(async () => {
      opened = await backend.open();
      author = await createTestUser(opened);
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    it("applies the migrations to a fresh database", async () => {
      const tables = await queryRows<{ table_name: string }>(
        opened,
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      const names = tables.map((r) => r.table_name);
      for (const name of ["user", "session", "account", "verification", "rate_limit", "invitation"]) {
        expect(names).toContain(name);
      }
      for (const name of ["task", "item", "upload"]) expect(names).toContain(name);
      const applied = await queryRows(opened, sql`select hash from drizzle.__drizzle_migrations`);
      expect(applied.length).toBeGreaterThan(0);
    });

    it("records sent tasks as queued, keeping inline media out of the row", async () => {
      const stored: InlineMedia[] = [];
      const sent = imageTask({
        numberResults: 3,
        seedImage: `data:image/png;base64,${PNG_BASE64}`,
        maskImage: PNG_BASE64,
      });
      const [row] = await recordTasks(opened.db, author, [sent], {
        inlineMedia: async (media) => {
          stored.push(media);
          return `inputs/${media.sha256}.png`;
        },
      });
      expect(row).toMatchObject({
        taskUUID: sent.taskUUID,
        status: "queued",
        itemCount: 3,
        authorId: author,
      });
      expect(row?.params.positivePrompt).toBe("a lighthouse");
      expect(row?.params.seedImage).toEqual({
        $inline: {
          mime: "image/png",
          bytes: stored[0]?.bytes.length,
          sha256: stored[0]?.sha256,
          storageKey: `inputs/${stored[0]?.sha256}.png`,
        },
      });
      expect(stored.map((m) => m.path)).toEqual(["seedImage", "maskImage"]);
      expect(JSON.stringify(row?.params)).not.toContain(PNG_BASE64);
    });

    it("keeps credentials out of stored params", async () => {
      const sent = imageTask({
        webhookURL: "https://studio.example.com/api/webhooks/service?token=s3cr3t",
        uploadEndpoint: "https://bucket.example.com/out.png?X-Amz-Signature=sig-77q",
        apiKey: "key-123",
      });
      const [row] = await recordTasks(opened.db, author, [sent]);
      expect(row?.params).toMatchObject({
        webhookURL: "https://studio.example.com/api/webhooks/service?[redacted]",
        uploadEndpoint: "https://bucket.example.com/out.png?[redacted]",
        apiKey: "[redacted]",
      });
      expect(JSON.stringify(row?.params)).not.toMatch(/s3cr3t|sig-77q|key-123/);
    });

    it("returns the stored row when the same task is recorded again", async () => {
      const sent = imageTask();
      const [first] = await recordTasks(opened.db, author, [sent]);
      const [again] = await recordTasks(opened.db, author, [{ ...sent, positivePrompt: "changed" }]);
      expect(again).toEqual(first);
    });

    it("refuses a taskUUID recorded for another user and records nothing of that batch", async () => {
      const other = await createTestUser(opened);
      const taken = imageTask();
      await recordTasks(opened.db, other, [taken]);
      const fresh = imageTask();
      const err = await rejection(recordTasks(opened.db, author, [fresh, taken]));
      expect(err.code).toBe("recordConflict");
      expect(err.parameter).toBe("tasks.1.taskUUID");
      expect(await getTask(opened.db, fresh.taskUUID)).toBeNull();
    });

    it("refuses bad tasks with errors naming the field", async () => {
      const err = await rejection(recordTasks(opened.db, author, [imageTask({ taskUUID: "nope" })]));
      expect(err).toMatchObject({ code: "invalidRecord", parameter: "tasks.0.taskUUID" });
      const count = await rejection(recordTasks(opened.db, author, [imageTask({ numberResults: -1 })]));
      expect(count.parameter).toBe("tasks.0.numberResults");
    });

    it("refuses text the database cannot hold (U+0000, a lone surrogate), naming the field", async () => {
      const nul = await rejection(
        recordTasks(opened.db, author, [imageTask({ positivePrompt: "a\u0000b" })]),
      );
      expect(nul).toMatchObject({ code: "invalidRecord", parameter: "tasks.0.positivePrompt" });
      const key = await rejection(recordTasks(opened.db, author, [imageTask({ extra: { "k\ud800": 1 } })]));
      expect(key.parameter).toBe("tasks.0.extra.k\ud800");
      const byAuthor = await rejection(listItems(opened.db, { authorId: "a\u0000b" }));
      expect(byAuthor).toMatchObject({ code: "invalidRecord", parameter: "authorId" });
    });

    it("keeps a service's error message holding U+0000 or a lone surrogate, with those replaced", async () => {
      const sent = imageTask();
      await recordTasks(opened.db, author, [sent]);
      const error = { code: "providerError", message: "bad\u0000 input \ud83e" };
      const failed = await markTask(opened.db, sent.taskUUID, { status: "error", error });
      expect(failed?.error).toEqual({ code: "providerError", message: "bad\ufffd input \ufffd" });
    });

    it("moves a task forward and never back", async () => {
      const sent = imageTask();
      await recordTasks(opened.db, author, [sent]);
      expect(
        await markTask(opened.db, sent.taskUUID, { status: "processing", progress: 40.4 }),
      ).toMatchObject({
        status: "processing",
        progress: 40,
        completedAt: null,
      });
      const done = await markTask(opened.db, sent.taskUUID, { status: "success" });
      expect(done).toMatchObject({ status: "success", progress: 100 });
      expect(done?.completedAt).toBeInstanceOf(Date);
      const late = await markTask(opened.db, sent.taskUUID, { status: "processing", progress: 10 });
      expect(late).toEqual(done);
      expect(await markTask(opened.db, randomUUID(), { status: "success" })).toBeNull();
      await expect(markTask(opened.db, sent.taskUUID, { progress: 101 })).rejects.toThrow(/progress/);
    });

    it("stores the contract's error object on a failed task", async () => {
      const sent = imageTask();
      await recordTasks(opened.db, author, [sent]);
      const error = { code: "invalidWidth", message: "Invalid value for 'width'.", parameter: "width" };
      const failed = await markTask(opened.db, sent.taskUUID, { status: "error", error });
      expect(failed).toMatchObject({ status: "error", error });
      await expect(markTask(opened.db, sent.taskUUID, { error: { code: 1 } as never })).rejects.toThrow(
        RecordError,
      );
    });

    it("records a result once, even from two concurrent calls", async () => {
      const sent = imageTask();
      await recordTasks(opened.db, author, [sent]);
      const result = itemFor(sent.taskUUID, { index: 0 });
      const [a, b] = await Promise.all([recordItem(opened.db, result), recordItem(opened.db, result)]);
      expect([a.created, b.created].sort()).toEqual([false, true]);
      expect(a.item).toEqual(b.item);
      const again = await recordItem(opened.db, result);
      expect(again).toEqual({ created: false, item: a.item, owner: a.owner });
      const rows = await opened.db.select().from(item).where(sql`${item.taskUUID} = ${sent.taskUUID}`);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.authorId).toBe(author);
    });

    it("keeps the first result recorded at a position", async () => {
      const sent = imageTask({ numberResults: 2 });
      await recordTasks(opened.db, author, [sent]);
      const first = await recordItem(opened.db, itemFor(sent.taskUUID, { index: 1 }));
      const second = await recordItem(opened.db, itemFor(sent.taskUUID, { index: 1 }));
      expect(second).toEqual({ created: false, item: first.item, owner: first.owner });
      // Positions unknown: told apart by mediaUUID only.
      const x = await recordItem(opened.db, itemFor(sent.taskUUID));
      const y = await recordItem(opened.db, itemFor(sent.taskUUID));
      expect(x.created && y.created).toBe(true);
      const withItems = await getTask(opened.db, sent.taskUUID);
      expect(withItems?.items.map((i) => i.index)).toEqual([1, null, null]);
    });

    it("refuses a result for an unknown task or with bad fields", async () => {
      expect((await rejection(recordItem(opened.db, itemFor(randomUUID())))).code).toBe("unknownTask");
      const sent = imageTask();
      await recordTasks(opened.db, author, [sent]);
      const bad = await rejection(recordItem(opened.db, itemFor(sent.taskUUID, { width: 0 })));
      expect(bad).toMatchObject({ code: "invalidRecord", parameter: "width" });
      const seed = await rejection(recordItem(opened.db, itemFor(sent.taskUUID, { seed: 1.5 })));
      expect(seed.parameter).toBe("seed");
    });

    it("keeps every digit of big seeds", async () => {
      const sent = imageTask({ numberResults: 4 });
      await recordTasks(opened.db, author, [sent]);
      const seeds: Array<[string | number | bigint, string]> = [
        ["9223372036854775807", "9223372036854775807"],
        [9223372036854775807n, "9223372036854775807"],
        [2147483647, "2147483647"],
        ["0001", "1"],
      ];
      for (const [i, [seed, expected]] of seeds.entries()) {
        const { item: row } = await recordItem(opened.db, itemFor(sent.taskUUID, { index: i, seed }));
        expect(row.seed).toBe(expected);
      }
      const read = await getTask(opened.db, sent.taskUUID);
      expect(read?.items.map((i) => i.seed)).toEqual(seeds.map(([, expected]) => expected));
    });

    it("pages through items newest first without skipping or repeating ties", async () => {
      const pager = await createTestUser(opened);
      const sent = imageTask({ numberResults: 9 });
      await recordTasks(opened.db, pager, [sent]);
      // Three items share each timestamp: the cursor must order ties by id.
      const base = Date.UTC(2030, 0, 1);
      const rows = Array.from({ length: 9 }, (_, i) => ({
        ...itemFor(sent.taskUUID, { index: i }),
        seed: String(i),
        authorId: pager,
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
      }));
      await opened.db.insert(item).values(rows);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await listItems(opened.db, { authorId: pager, limit: 4, cursor });
        seen.push(...page.items.map((i) => i.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor !== null && pages < 10);
      expect(pages).toBe(3);
      const expected = [...rows]
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .map((r) => r.createdAt.getTime());
      const all = await opened.db.select().from(item).where(sql`${item.authorId} = ${pager}`);
      const byId = new Map(all.map((r) => [r.id, r]));
      expect(seen.map((id) => byId.get(id)?.createdAt.getTime())).toEqual(expected);
      expect(new Set(seen).size).toBe(9);
      const ids = seen.slice(0, 3);
      expect(ids).toEqual([...ids].sort().reverse());
      // Newest overall comes first without an author filter too.
      const newest = await listItems(opened.db, { limit: 1 });
      expect(newest.items[0]?.createdAt.getTime()).toBeGreaterThanOrEqual(base + 2000);
    });

    it("refuses a tampered cursor and a bad limit", async () => {
      expect((await rejection(listItems(opened.db, { cursor: "not-a-cursor" }))).code).toBe("invalidCursor");
      expect((await rejection(listItems(opened.db, { limit: 0 }))).parameter).toBe("limit");
    });

    it("lists the tasks in flight, oldest first", async () => {
      const [queued, processing, done] = [imageTask(), imageTask(), imageTask()];
      await recordTasks(opened.db, author, [queued, processing, done]);
      await markTask(opened.db, processing.taskUUID, { status: "processing" });
      await markTask(opened.db, done.taskUUID, { status: "success" });
      await opened.db
        .update(task)
        .set({ createdAt: new Date(Date.UTC(2000, 0, 1)) })
        .where(sql`${task.taskUUID} = ${processing.taskUUID}`);
      const inFlight = (await tasksInFlight(opened.db)).map((t) => t.taskUUID);
      expect(inFlight).toContain(queued.taskUUID);
      expect(inFlight[0]).toBe(processing.taskUUID);
      expect(inFlight).not.toContain(done.taskUUID);
    });

    it("records uploads and notes when they went upstream", async () => {
      const row = await recordUpload(opened.db, {
        ownerId: author,
        storageKey: `uploads/2025/01/${randomUUID()}.png`,
        mime: "image/png",
        width: 64,
        height: 32,
        bytes: 99,
      });
      expect(row.upstreamImageUUID).toBeNull();
      expect(await getUpload(opened.db, row.id)).toEqual(row);
      const upstream = randomUUID();
      expect((await markUploadSent(opened.db, row.id, upstream))?.upstreamImageUUID).toBe(upstream);
      expect(await getUpload(opened.db, randomUUID())).toBeNull();
      expect(await getUpload(opened.db, "../etc")).toBeNull();
      const dup = await rejection(recordUpload(opened.db, { ...row, upstreamImageUUID: null }));
      expect(dup.code).toBe("recordConflict");
    });
  });
}
