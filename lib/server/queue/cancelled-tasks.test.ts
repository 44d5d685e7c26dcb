import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { finishTask, recordItem } from "@/lib/server/db";
import { spendBudget, task } from "@/lib/server/db/schema";
import { backendTitle, type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import { galleryFacets } from "@/lib/server/gallery/facets";
import { galleryTotals } from "@/lib/server/gallery/filter-count";
import { promptHistoryPage } from "@/lib/server/prompts/history";
import { storedError } from "@/lib/server/results/settle";
import { budgetLines, budgetRows } from "@/lib/server/spend/budget-room";
import { Budgets } from "@/lib/server/spend/budgets";
import { recordSpend, spendSummary } from "@/lib/server/spend/ledger";
import { submitTasks } from "@/lib/server/tasks/submit";
import { promptQuerySchema } from "@/lib/studio/prompts/query";
import { monthOf } from "@/lib/studio/spend/month";
import { CANCELLED, endCancelled } from "./queue-handlers";
import { image, member, testStudio } from "./queue-test-kit";
import { takeForCancel } from "./steering";

/**
 * A task cancelled while it waited (the queue drawer's "Cancel chosen") ends as an error coded
 * `cancelled` and was never sent: it costs nothing, holds nothing of a budget, is no result in the
 * gallery's counts, and the prompt history says it was cancelled, not that it failed.
 */
for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "a cancelled task"), () => {
    let opened: TestDatabase;
    let sent: ReturnType<typeof image>;
    let cancelled: ReturnType<typeof image>;
    let mia: Awaited<ReturnType<typeof member>>;
    let heldBefore: number;

    beforeAll(async () => {
      opened = await backend.open();
      const db = opened.db;
      mia = await member(opened, "mia");
      await db.insert(spendBudget).values({ scope: mia.id, usd: 50 });
      // One task may run at a time: the first is sent, the second waits until it is cancelled.
      const studio = testStudio(opened, { active: 1 });
      [sent, cancelled] = [image("a heron at dawn"), image("a heron at dusk")];
      const deps = { ...studio.deps, budgets: new Budgets(db, true) };
      expect((await submitTasks(deps, mia, [sent, cancelled])).status).toBe(202);
      await studio.settle();
      expect(studio.sent.map((t) => t.taskUUID)).toEqual([sent.taskUUID]);
      heldBefore = await pendingOf(mia.id);
      const { taken } = await takeForCancel(db, mia, { taskUUIDs: [cancelled.taskUUID] });
      expect(taken).toEqual([cancelled.taskUUID]);
      // As the keeper ends it (`endCancelled`), with the record the studio keeps.
      await endCancelled(
        {
          keeper: {
            fail: (u, error) =>
              finishTask(db, u, { status: "error", error: storedError(error) }).then(() => {}),
          },
        },
        taken,
      );
      // The task that was sent made one result, which cost a cent.
      await finishTask(db, sent.taskUUID, { status: "success" });
      await recordSpend(db, {
        key: `${sent.taskUUID}:0`,
        taskUUID: sent.taskUUID,
        memberId: mia.id,
        taskType: "imageInference",
        params: sent,
        usd: 0.01,
      });
      await recordItem(db, {
        taskUUID: sent.taskUUID,
        mediaUUID: crypto.randomUUID(),
        kind: "image",
        mime: "image/png",
        width: 1024,
        height: 1024,
        seed: 7,
        storageKey: `items/${sent.taskUUID}.png`,
        bytes: 10,
      });
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    async function pendingOf(memberId: string): Promise<number> {
      const rows = await budgetRows(opened.db, memberId, false);
      const lines = await budgetLines(opened.db, rows, monthOf(new Date()), memberId, true);
      return lines.reduce((sum, line) => sum + line.pending, 0);
    }

    it("is recorded as cancelled, never sent", async () => {
      const [row] = await opened.db.select().from(task).where(eq(task.taskUUID, cancelled.taskUUID));
      expect(row).toMatchObject({ status: "error", error: { code: CANCELLED.code } });
    });

    it("costs nothing and holds nothing of a budget", async () => {
      expect(heldBefore).toBeGreaterThan(0);
      const rows = await opened.db
        .select()
        .from(task)
        .where(inArray(task.taskUUID, [sent.taskUUID, cancelled.taskUUID]));
      expect(rows.every((r) => (r.heldUsd ?? 0) > 0)).toBe(true);
      expect(await pendingOf(mia.id)).toBe(0);
      const summary = await spendSummary(opened.db, monthOf(new Date()), mia.id);
      expect(summary.total).toBeCloseTo(0.01);
      expect(summary.rows.map((r) => r.results)).toEqual([1]);
    });

    it("is no result in the gallery's counts or its menus", async () => {
      expect(await galleryTotals(opened.db, {}, { id: mia.id })).toMatchObject({ matching: 1, all: 1 });
      const facets = await galleryFacets(opened.db);
      expect(facets.authors).toEqual([{ id: mia.id, name: expect.any(String), count: 1 }]);
      expect(facets.models.map((m) => m.count)).toEqual([1]);
    });

    it("is told in the prompt history as cancelled, not failed", async () => {
      const page = await promptHistoryPage(opened.db, promptQuerySchema.parse({}), mia.id);
      // Sent in one request, the two share a moment: their order is not the point here.
      expect(Object.fromEntries(page.runs.map((r) => [r.prompt, r.status]))).toEqual({
        "a heron at dusk": "cancelled",
        "a heron at dawn": "success",
      });
    });
  });
}
