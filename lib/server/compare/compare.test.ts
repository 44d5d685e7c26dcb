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
import { api } from "@/lib/studio/api";
import { ApiError } from "@/lib/studio/api/errors";
import { parseCompareIds } from "@/lib/studio/compare/compare";
import { compareItems } from "./compare";

describe("parseCompareIds", () => {
  const a = "0b0e6d8e-1c2f-4c1e-9a53-3f1c2d4e5f60";
  const b = "1b0e6d8e-1c2f-4c1e-9a53-3f1c2d4e5f61";
  const c = "2b0e6d8e-1c2f-4c1e-9a53-3f1c2d4e5f62";
  const d = "3b0e6d8e-1c2f-4c1e-9a53-3f1c2d4e5f63";
  const e = "4b0e6d8e-1c2f-4c1e-9a53-3f1c2d4e5f64";

  it("reads two to four item ids in their order, spaces and empty entries aside", () => {
    expect(parseCompareIds(`${b}, ${a},`)).toEqual({ ok: true, ids: [b, a] });
    expect(parseCompareIds([a, b, c, d].join(","))).toEqual({ ok: true, ids: [a, b, c, d] });
    expect(parseCompareIds(`${a.toUpperCase()},${b}`)).toEqual({ ok: true, ids: [a, b] });
  });

  it("refuses fewer than two, more than four, a malformed id or one named twice", () => {
    for (const raw of [null, "", a, [a, b, c, d, e].join(","), `${a},nope`, `${a},${a.toUpperCase()}`]) {
      expect(parseCompareIds(raw).ok).toBe(false);
    }
  });

  it("answers the API's refusal as a 400 naming ids, in the page's words", () => {
    const parsed = api.items.compare.spec.query.safeParse({ ids: `${a},x\u0000` });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ["ids"],
      message: "This comparison names an item that does not exist.",
      params: { code: "invalidIds" },
    });
    expect(api.items.compare.spec.query.safeParse({ ids: `${b},${a}` }).data).toEqual({ ids: [b, a] });
  });
});

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "items to compare"), () => {
    let opened: TestDatabase;
    let author: string;

    beforeAll(async () => {
      opened = await backend.open();
      author = await createTestUser(opened);
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    async function made(params: Record<string, unknown>, seed: string | number) {
      const taskUUID = randomUUID();
      await recordTasks(opened.db, author, [{ taskType: "imageInference", taskUUID, ...params }]);
      const mediaUUID = randomUUID();
      const { item: row } = await recordItem(opened.db, {
        taskUUID,
        mediaUUID,
        kind: "image",
        mime: "image/png",
        width: 640,
        height: 384,
        seed,
        storageKey: `items/test/${mediaUUID}.png`,
        bytes: 10,
      });
      return row;
    }

    it("answers the items in the order asked, each with its task's parameters and own seed", async () => {
      const first = await made({ positivePrompt: "a red fox", steps: 20, seed: 1 }, 7);
      const second = await made({ positivePrompt: "a blue fox", steps: 30 }, "9223372036854775807");
      await opened.db.update(item).set({ reviewState: "approved" }).where(eq(item.id, second.id));
      const entries = await compareItems(opened.db, [second.id, first.id]);
      expect(entries.map((e) => e.item.id)).toEqual([second.id, first.id]);
      expect(entries[0]?.item).toMatchObject({ prompt: "a blue fox", width: 640, height: 384 });
      expect(entries[0]?.item.review?.state).toBe("approved");
      expect(entries[0]?.params).toMatchObject({ steps: 30, seed: "9223372036854775807" });
      expect(entries[1]?.params).toMatchObject({ positivePrompt: "a red fox", steps: 20, seed: 7 });
    });

    it("refuses an unknown id with a 404 naming ids", async () => {
      const known = await made({ positivePrompt: "a fox" }, 1);
      const unknown = randomUUID();
      const answer = await compareItems(opened.db, [known.id, unknown]).catch((err: unknown) => err);
      expect(answer).toBeInstanceOf(ApiError);
      expect(answer).toMatchObject({ status: 404, error: { code: "notFound", parameter: "ids" } });
      expect((answer as ApiError).error.message).toContain(unknown);
    });
  });
}
