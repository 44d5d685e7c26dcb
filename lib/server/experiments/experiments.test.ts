import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markTask, recordTasks, type SentTask } from "@/lib/server/db";
import { experimentCell } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import type { SubmitOutcome } from "@/lib/server/tasks/submit";
import type { CellPatch } from "@/lib/studio/experiments/cell-patch";
import type { ExperimentInput } from "@/lib/studio/experiments/input";
import { controlExperiment, createExperiment, rerunExperiment, retryCell } from "./actions";
import { experimentCsv } from "./export";
import { planExperiment } from "./plan";
import { cellRows, experimentPage, experimentRow, setStatus } from "./records";
import { ExperimentRunner } from "./runner";
import { experimentView } from "./view";

const base = {
  taskType: "imageInference",
  positivePrompt: "a red fox in fresh snow, watercolor",
  model: "runware:100@1",
  width: 512,
  height: 512,
  steps: 20,
};

const grid3x3: ExperimentInput = {
  base,
  axes: [
    { kind: "promptReplace", find: "watercolor", replacements: ["watercolor", "oil painting", "pixel art"] },
    { kind: "values", path: "CFGScale", values: [3, 7, 11] },
  ],
};

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "experiments"), () => {
    let opened: TestDatabase;
    let author: string;
    const deps = () => ({ db: opened.db, videoModel: "local:video@3.0-prime", maxCells: 100 });

    beforeAll(async () => {
      opened = await backend.open();
      author = await createTestUser(opened);
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    /** A submit that records the tasks as the studio does and remembers each request's size. */
    function fakeSubmit(
      requests: number[],
      answer?: (tasks: Record<string, unknown>[]) => SubmitOutcome | null,
    ) {
      return async (who: { id: string }, tasks: Record<string, unknown>[]): Promise<SubmitOutcome> => {
        requests.push(tasks.length);
        const special = answer?.(tasks);
        if (special) return special;
        await recordTasks(opened.db, who.id, tasks as SentTask[]);
        return {
          status: 202,
          body: {
            data: tasks.map((t) => ({
              taskType: String(t.taskType),
              taskUUID: String(t.taskUUID),
              status: "queued",
            })),
          },
        };
      };
    }

    async function sentTasks(id: string): Promise<string[]> {
      return (await cellRows(opened.db, id)).flatMap((c) =>
        c.status === "sent" && c.taskUUID ? [c.taskUUID] : [],
      );
    }

    it("previews a grid: a value the contract refuses is marked on its axis and not counted", async () => {
      const out = await planExperiment(deps(), {
        base,
        axes: [
          { kind: "prompts", prompts: ["a fox", "a cat"] },
          { kind: "values", path: "CFGScale", values: [3, 99, 7] },
        ],
      });
      if (!out.ok) throw new Error(JSON.stringify(out.errors));
      expect(out.plan.axes[1]?.labels).toEqual(["CFG 3", "CFG 99", "CFG 7"]);
      expect(out.plan.axes[1]?.refusals[0]).toEqual([]);
      expect(out.plan.axes[1]?.refusals[1]?.[0]).toMatch(/CFGScale|50/);
      expect(out.plan.counts).toEqual({ cells: 6, runnable: 4, refused: 2, images: 4 });
      expect(out.plan.estimate.tasks).toBe(4);
      expect(out.plan.estimate.seconds).toBeGreaterThan(0);
    });

    it("stores refused cells as refused, and refuses a grid past the owner's cap naming it", async () => {
      const created = await createExperiment(
        deps(),
        { base, axes: [{ kind: "values", path: "CFGScale", values: [3, 99] }] },
        author,
      );
      if (!created.ok) throw new Error(JSON.stringify(created.errors));
      const cells = await cellRows(opened.db, created.value.experiment.id);
      expect(cells.map((c) => c.status)).toEqual(["pending", "refused"]);
      expect(cells[1]?.error?.[0]?.parameter).toBe("CFGScale");

      const over = await planExperiment({ ...deps(), maxCells: 8 }, grid3x3);
      expect(over.ok).toBe(false);
      if (over.ok) return;
      expect(over.status).toBe(422);
      expect(over.errors[0]).toMatchObject({ code: "tooManyCells", parameter: "maxExperimentCells" });
      expect(over.errors[0]?.message).toContain("at most 8");
      await controlExperiment(opened.db, created.value.experiment.id, "cancel");
    });

    it("keeps the service's every slot busy, and a few cells waiting there, not a fixed four", async () => {
      const tenByTen: ExperimentInput = {
        base,
        axes: [
          { kind: "prompts", prompts: Array.from({ length: 10 }, (_, i) => `a fox, view ${i}`) },
          { kind: "values", path: "seed", values: Array.from({ length: 10 }, (_, i) => i + 1) },
        ],
      };
      for (const [parallelism, inFlight] of [
        [8, 10],
        [2, 3],
      ] as const) {
        const created = await createExperiment({ ...deps(), parallelism }, tenByTen, author);
        if (!created.ok) throw new Error(JSON.stringify(created.errors));
        const id = created.value.experiment.id;
        expect(created.value.plan.concurrency).toBe(inFlight);
        const runner = new ExperimentRunner({
          db: opened.db,
          submit: fakeSubmit([]),
          perRequest: () => 50,
          publish: () => {},
        });
        await runner.pump(id);
        await runner.idle();
        expect(await sentTasks(id)).toHaveLength(inFlight);
        await controlExperiment(opened.db, id, "cancel");
      }
      // A service that did not say: four; one asking past the studio's most: twenty.
      const unknown = await planExperiment(deps(), tenByTen);
      const wide = await planExperiment({ ...deps(), parallelism: 64 }, tenByTen);
      const asked = await planExperiment({ ...deps(), parallelism: 8 }, { ...tenByTen, concurrency: 3 });
      if (!unknown.ok || !wide.ok || !asked.ok) throw new Error("not planned");
      expect([unknown.plan.concurrency, wide.plan.concurrency, asked.plan.concurrency]).toEqual([4, 20, 3]);
    });

    it("sends the next cell once the service has delivered one, and finishes only once every cell is kept", async () => {
      const created = await createExperiment(deps(), { ...grid3x3, concurrency: 2 }, author);
      if (!created.ok) throw new Error(JSON.stringify(created.errors));
      const id = created.value.experiment.id;
      const runner = new ExperimentRunner({
        db: opened.db,
        submit: fakeSubmit([]),
        perRequest: () => 50,
        publish: () => {},
      });
      await runner.pump(id);
      const [first, second] = await sentTasks(id);
      expect(await sentTasks(id)).toHaveLength(2);

      // The first cell's results are in and being kept: it is sent still, but the service is free.
      await runner.taskDelivered(first as string);
      expect(await sentTasks(id)).toHaveLength(3);
      // A task no cell of this runner's waits on changes nothing; told twice, the same.
      await runner.taskDelivered(crypto.randomUUID());
      await runner.taskDelivered(first as string);
      expect(await sentTasks(id)).toHaveLength(3);

      // Every cell sent and delivered, none kept yet: the experiment is still running.
      for (let round = 0; round < 9; round++) {
        for (const taskUUID of await sentTasks(id)) await runner.taskDelivered(taskUUID);
      }
      const sent = await sentTasks(id);
      expect(sent).toHaveLength(9);
      expect(sent).toContain(second);
      expect((await experimentRow(opened.db, id))?.status).toBe("running");

      // Kept one by one: it finishes with the last.
      for (const [i, taskUUID] of sent.entries()) {
        await markTask(opened.db, taskUUID, { status: "success", progress: 100 });
        await runner.taskFinished(taskUUID);
        await runner.idle();
        expect((await experimentRow(opened.db, id))?.status).toBe(i === sent.length - 1 ? "done" : "running");
      }
    });

    it("two studios sending one experiment at once send each cell once", async () => {
      const created = await createExperiment(deps(), { ...grid3x3, concurrency: 9 }, author);
      if (!created.ok) throw new Error(JSON.stringify(created.errors));
      const id = created.value.experiment.id;
      const sent: number[] = [];
      const runner = () =>
        new ExperimentRunner({
          db: opened.db,
          submit: fakeSubmit(sent),
          perRequest: () => 1,
          publish: () => {},
        });
      const [one, two] = [runner(), runner()];
      await Promise.all([one.pump(id), two.pump(id)]);
      await Promise.all([one.idle(), two.idle()]);
      expect(sent.reduce((a, b) => a + b, 0)).toBe(9);
      expect(new Set(await sentTasks(id)).size).toBe(9);
      one.close();
      two.close();
      await controlExperiment(opened.db, id, "cancel");
    });

    it("sends within the request size and the experiment's cap, and fills cells as tasks finish", async () => {
      const created = await createExperiment(deps(), { ...grid3x3, concurrency: 3 }, author);
      if (!created.ok) throw new Error(JSON.stringify(created.errors));
      const id = created.value.experiment.id;
      const requests: number[] = [];
      const published: string[] = [];
      const ended: unknown[] = [];
      const runner = new ExperimentRunner({
        db: opened.db,
        submit: fakeSubmit(requests),
        perRequest: () => 2,
        publish: (e, _cells, end) => {
          published.push(e);
          if (end) ended.push(end);
        },
      });
      await runner.pump(id);
      await runner.idle();
      // 3 in flight at most, in requests of at most 2.
      expect(requests).toEqual([2, 1]);
      expect(await sentTasks(id)).toHaveLength(3);
      let rounds = 0;
      for (;;) {
        const sent = await sentTasks(id);
        if (sent.length === 0) break;
        expect(sent.length).toBeLessThanOrEqual(3);
        const [first] = sent;
        await markTask(opened.db, first as string, { status: "success", progress: 100 });
        await runner.taskFinished(first as string);
        await runner.idle();
        rounds++;
      }
      expect(rounds).toBe(9);
      expect(Math.max(...requests)).toBeLessThanOrEqual(2);
      expect(requests.reduce((a, b) => a + b, 0)).toBe(9);
      expect((await experimentRow(opened.db, id))?.status).toBe("done");
      expect(published).toContain(id);
      // Its end is said once, naming who started it: their tab tells them it finished.
      expect(ended).toEqual([{ by: author, name: expect.any(String) }]);
      runner.close();
    });

    it("settles the cells whose tasks end in the same tick together: one live event holds them all", async () => {
      const created = await createExperiment(deps(), { ...grid3x3, concurrency: 3 }, author);
      if (!created.ok) throw new Error(JSON.stringify(created.errors));
      const id = created.value.experiment.id;
      const events: { id: string; cells: CellPatch[] }[] = [];
      const runner = new ExperimentRunner({
        db: opened.db,
        submit: fakeSubmit([]),
        perRequest: () => 3,
        publish: (e, cells) => events.push({ id: e, cells: cells ?? [] }),
      });
      await runner.pump(id);
      await runner.idle();
      const sent = await sentTasks(id);
      expect(sent).toHaveLength(3);
      const [a, b, c] = sent as [string, string, string];
      await markTask(opened.db, a, { status: "success", progress: 100 });
      await markTask(opened.db, b, {
        status: "error",
        error: { code: "taskFailed", message: "The render failed." },
      });
      // `c` is still in flight: named as finished, it is left as it is.
      events.length = 0;
      await Promise.all([runner.taskFinished(a), runner.taskFinished(b), runner.taskFinished(c)]);
      await runner.idle();
      const settled = events.filter((e) => e.cells.some((cell) => cell.status !== "sent"));
      expect(settled).toHaveLength(1);
      const byTask = new Map(settled[0]?.cells.map((cell) => [cell.taskUUID, cell]));
      expect([...byTask.keys()].sort()).toEqual([a, b].sort());
      expect(byTask.get(a)?.status).toBe("done");
      expect(byTask.get(b)).toMatchObject({ status: "error", errors: [{ code: "taskFailed" }] });
      const rows = new Map((await cellRows(opened.db, id)).map((r) => [r.taskUUID, r]));
      expect(rows.get(a)?.status).toBe("done");
      expect(rows.get(b)?.error).toEqual([{ code: "taskFailed", message: "The render failed." }]);
      expect(rows.get(c)?.status).toBe("sent");
      // The two freed slots went out again, in one request.
      expect(await sentTasks(id)).toHaveLength(3);
      // A failure recorded without its error is told as one.
      await markTask(opened.db, c, { status: "error" });
      await runner.taskFinished(c);
      await runner.idle();
      expect((await cellRows(opened.db, id)).find((r) => r.taskUUID === c)?.error).toEqual([
        { code: "taskFailed", message: "The task failed without saying why." },
      ]);
      runner.close();
      // Not left running: a later test's runner picks up every running experiment.
      await setStatus(opened.db, id, "cancelled");
    });

    it("sends the cells a budget has room for, one by one, and settles the rest with its words", async () => {
      const created = await createExperiment(deps(), { ...grid3x3, concurrency: 2 }, author);
      if (!created.ok) throw new Error("not created");
      const id = created.value.experiment.id;
      const requests: number[] = [];
      const message =
        "This task would pass the team's monthly budget of $1.00 ($0.99 spent this month, this task about $0.0014).";
      // Room for three cells: a budget admits them and refuses every later one.
      let room = 3;
      const runner = new ExperimentRunner({
        db: opened.db,
        submit: fakeSubmit(requests, (tasks) => {
          const fits = tasks.slice(0, room);
          room -= fits.length;
          const refused = tasks.slice(fits.length).map((t) => ({
            code: "budgetExceeded",
            message,
            parameter: "budget",
            taskUUID: String(t.taskUUID),
          }));
          if (refused.length === 0) return null;
          return {
            status: fits.length === 0 ? 402 : 202,
            body: {
              data: fits.map((t) => ({
                taskType: "imageInference",
                taskUUID: String(t.taskUUID),
                status: "queued",
              })),
              errors: refused,
            },
          };
        }),
        perRequest: () => 50,
        publish: () => {},
      });
      await runner.pump(id);
      await runner.idle();
      for (let rounds = 0; rounds < 10; rounds++) {
        const [first] = await sentTasks(id);
        if (!first) break;
        await markTask(opened.db, first, { status: "success", progress: 100 });
        await runner.taskFinished(first);
        await runner.idle();
      }
      const cells = await cellRows(opened.db, id);
      expect(cells.filter((c) => c.status === "done")).toHaveLength(3);
      expect(cells.filter((c) => c.status === "error").map((c) => c.error?.[0]?.message)).toEqual(
        Array(6).fill(message),
      );
      // Nothing is left waiting beside a bar that cannot move.
      expect(cells.filter((c) => c.status === "pending" || c.status === "sent")).toHaveLength(0);
      expect((await experimentRow(opened.db, id))?.status).toBe("done");
      runner.close();
    });

    it("pauses (nothing more goes out), resumes, and keeps waiting cells when the member's share is full", async () => {
      const created = await createExperiment(deps(), { ...grid3x3, concurrency: 2 }, author);
      if (!created.ok) throw new Error("not created");
      const id = created.value.experiment.id;
      const requests: number[] = [];
      let full = true;
      const runner = new ExperimentRunner({
        db: opened.db,
        submit: fakeSubmit(requests, () =>
          full ? { status: 429, body: { errors: [{ code: "memberQueueFull", message: "later" }] } } : null,
        ),
        perRequest: () => 50,
        publish: () => {},
        retryDelayMs: 60_000,
      });
      await runner.pump(id);
      await runner.idle();
      expect(requests).toEqual([2]);
      expect((await cellRows(opened.db, id)).filter((c) => c.status === "pending")).toHaveLength(9);
      full = false;
      expect((await controlExperiment(opened.db, id, "pause")).ok).toBe(true);
      await runner.pump(id);
      await runner.idle();
      expect(requests).toEqual([2]);
      expect((await controlExperiment(opened.db, id, "pause")).ok).toBe(false);
      expect((await controlExperiment(opened.db, id, "resume")).ok).toBe(true);
      await runner.pump(id);
      await runner.idle();
      expect(requests).toEqual([2, 2]);
      expect((await controlExperiment(opened.db, id, "cancel")).ok).toBe(true);
      const again = await controlExperiment(opened.db, id, "cancel");
      expect(again.ok === false && again.errors[0]?.message).toBe(
        "A cancelled experiment cannot be cancelled.",
      );
      const resumed = await controlExperiment(opened.db, id, "resume");
      expect(resumed.ok === false && resumed.errors[0]?.message).toBe(
        "A cancelled experiment cannot be resumed.",
      );
      runner.close();
    });

    it("picks up a running experiment after a restart from the database alone", async () => {
      const created = await createExperiment(deps(), { ...grid3x3, concurrency: 3 }, author);
      if (!created.ok) throw new Error("not created");
      const id = created.value.experiment.id;
      const first = new ExperimentRunner({
        db: opened.db,
        submit: fakeSubmit([]),
        perRequest: () => 50,
        publish: () => {},
      });
      await first.pump(id);
      await first.idle();
      first.close();
      const [a, b, c] = await sentTasks(id);
      // While the studio was down: one task finished, one failed, one is still at work; and a
      // cell was marked sent but its task never recorded (stopped half way).
      await markTask(opened.db, a as string, { status: "success", progress: 100 });
      await markTask(opened.db, b as string, {
        status: "error",
        error: { code: "x", message: "the engine failed" },
      });
      const [lost] = (await cellRows(opened.db, id)).filter((cell) => cell.status === "pending");
      await opened.db
        .update(experimentCell)
        .set({ status: "sent", taskUUID: crypto.randomUUID() })
        .where(and(eq(experimentCell.experimentId, id), eq(experimentCell.key, lost?.key as string)));

      const requests: number[] = [];
      const second = new ExperimentRunner({
        db: opened.db,
        submit: fakeSubmit(requests),
        perRequest: () => 50,
        publish: () => {},
      });
      await second.start();
      await second.idle();
      const cells = await cellRows(opened.db, id);
      const byTask = (t: string | undefined) => cells.find((cell) => cell.taskUUID === t);
      expect(byTask(a)?.status).toBe("done");
      expect(byTask(b)?.status).toBe("error");
      expect(byTask(b)?.error?.[0]?.message).toBe("the engine failed");
      expect(byTask(c)?.status).toBe("sent");
      // Room for two more beside c: the lost cell went again with another.
      expect(requests).toEqual([2]);
      expect(cells.filter((cell) => cell.status === "sent")).toHaveLength(3);
      second.close();
      await controlExperiment(opened.db, id, "cancel");
    });

    it("retries a failed cell alone with a new task, and re-runs a column as a new version", async () => {
      const created = await createExperiment(deps(), grid3x3, author);
      if (!created.ok) throw new Error("not created");
      const id = created.value.experiment.id;
      const finishAll = async (fail?: string) => {
        const r = new ExperimentRunner({
          db: opened.db,
          submit: fakeSubmit([]),
          perRequest: () => 50,
          publish: () => {},
        });
        for (let i = 0; i < 20; i++) {
          await r.pump(id);
          await r.idle();
          const cells = (await cellRows(opened.db, id)).filter((c) => c.status === "sent");
          if (cells.length === 0) break;
          for (const c of cells) {
            const failIt = c.key === fail && c.attempts === 1;
            await markTask(
              opened.db,
              c.taskUUID as string,
              failIt
                ? { status: "error", error: { code: "unknownModel", message: "No such model." } }
                : { status: "success", progress: 100 },
            );
            await r.taskFinished(c.taskUUID as string);
          }
          await r.idle();
        }
        r.close();
      };
      await finishAll("1-2");
      let cells = await cellRows(opened.db, id);
      const failed = cells.find((c) => c.key === "1-2");
      expect(failed?.status).toBe("error");
      expect(cells.filter((c) => c.status === "done")).toHaveLength(8);
      expect((await experimentRow(opened.db, id))?.status).toBe("done");

      expect((await retryCell(opened.db, id, "0-0")).ok).toBe(false);
      expect((await retryCell(opened.db, id, "1-2")).ok).toBe(true);
      expect((await experimentRow(opened.db, id))?.status).toBe("running");
      await finishAll();
      cells = await cellRows(opened.db, id);
      const retried = cells.find((c) => c.key === "1-2");
      expect(retried).toMatchObject({ status: "done", attempts: 2 });
      expect(retried?.taskUUID).not.toBe(failed?.taskUUID);

      const rerun = await rerunExperiment(deps(), id, { axis: 1, index: 2, value: 15 }, author);
      if (!rerun.ok) throw new Error(JSON.stringify(rerun.errors));
      expect(rerun.value).toMatchObject({ version: 2, parentId: id });
      const next = await cellRows(opened.db, rerun.value.id);
      expect(next.filter((c) => c.status === "pending").map((c) => c.key)).toEqual(["0-2", "1-2", "2-2"]);
      expect(next.find((c) => c.key === "0-0")?.taskUUID).toBe(cells.find((c) => c.key === "0-0")?.taskUUID);
      expect(next.find((c) => c.key === "0-2")?.params.CFGScale).toBe(15);
      // The old version is kept as it was.
      expect((await cellRows(opened.db, id)).every((c) => c.status === "done")).toBe(true);
      const view = await experimentView(opened.db, rerun.value.id);
      expect(view?.axes[1]?.labels).toEqual(["CFG 3", "CFG 7", "CFG 15"]);
      expect(view?.versions.map((v) => v.version)).toEqual([1]);

      const page = await experimentPage(opened.db, { limit: 2 });
      expect(page.items.map((e) => e.id)).toEqual([rerun.value.id, id]);
      const more = await experimentPage(opened.db, { cursor: page.nextCursor ?? undefined, limit: 50 });
      expect(more.items.length).toBeGreaterThan(0);
      expect(more.items.map((e) => e.id)).not.toContain(id);
      await expect(experimentPage(opened.db, { cursor: "nonsense", limit: 5 })).rejects.toMatchObject({
        status: 400,
        error: { code: "invalidCursor", parameter: "cursor" },
      });
    });

    it("exports one CSV row per cell: axis labels, the parameters that vary, status and error", async () => {
      const created = await createExperiment(
        deps(),
        {
          base: { ...base, positivePrompt: "=cmd a fox" },
          axes: [
            { kind: "prompts", prompts: ["=cmd a fox", "a cat, sleeping"] },
            { kind: "values", path: "CFGScale", values: [3, 99] },
          ],
        },
        author,
      );
      if (!created.ok) throw new Error("not created");
      const view = await experimentView(opened.db, created.value.experiment.id);
      if (!view) throw new Error("no view");
      const lines = experimentCsv(view, "http://studio.test").trimEnd().split("\r\n");
      // The axes, the parameters they vary, every other one that made the cell, then the seed.
      expect(lines[0]).toMatch(
        /^Prompt,CFG,CFGScale,positivePrompt,.*,seed,status,seconds,cost \(USD\),error,media$/,
      );
      expect(lines).toHaveLength(5);
      expect(lines[1]).toMatch(/^'=cmd a fox,CFG 3,3,'=cmd a fox,.*,waiting,,,,$/);
      expect(lines[4]).toMatch(/^"a cat, sleeping",CFG 99,99,"a cat, sleeping",.*,refused,,,.+,$/);
    });
  });
}
