import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addComment, updateComment } from "@/lib/server/comments/comments";
import { markTask, recordTasks, type SentTask } from "@/lib/server/db";
import { backendTitle, type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import { createExperiment } from "@/lib/server/experiments/actions";
import { cellRows } from "@/lib/server/experiments/records";
import { ExperimentRunner } from "@/lib/server/experiments/runner";
import { assignItem, setReviewState } from "@/lib/server/review/actions";
import { createPickedResultsVote } from "@/lib/server/votes/picked-results";
import { CANCELLED_CODE } from "@/lib/studio/queue/cancelled";
import { inboxPage, markRead, unreadCount } from "./inbox";
import { type NotifyFixture, notifyFixture, type Person } from "./notify-fixture";

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "notifications"), () => {
    let opened: TestDatabase;
    let f: NotifyFixture;

    beforeAll(async () => {
      opened = await backend.open();
      f = await notifyFixture(opened);
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });
    beforeEach(async () => {
      f.events.length = 0;
      for (const person of Object.keys(f.people) as Person[]) {
        await markRead(f.deps, f.people[person], { all: true });
      }
      f.events.length = 0;
    });

    /** The newest inbox entry of each member named, and how many new ones each got since `since`. */
    async function newSince(since: Date, person: Person) {
      return (await f.rowsOf(person)).filter((r) => r.createdAt >= since);
    }

    it("tells the assignee, not the one who assigned, nor someone assigning to themself", async () => {
      const item = await f.newItem();
      const since = new Date();
      await assignItem(f.deps, f.people.owner, item.id, f.people.reviewer.id);
      const [got] = await newSince(since, "reviewer");
      expect(got).toMatchObject({ kind: "assigned", actorId: f.people.owner.id, itemId: item.id });
      expect(await newSince(since, "owner")).toEqual([]);
      expect(f.events).toContainEqual({
        change: { kind: "inbox", unread: 1 },
        audience: { userId: f.people.reviewer.id },
      });
      const page = await inboxPage(opened.db, f.people.reviewer.id, { limit: 1 });
      expect(page.entries[0]).toMatchObject({
        actorName: "Olga Owner",
        text: "assigned “a fox” to you",
        href: `/gallery/item/${item.id}`,
        read: false,
      });
      expect(page.entries[0]?.item?.thumbUrl).toContain(item.id);

      const self = new Date();
      await assignItem(f.deps, f.people.reviewer2, item.id, f.people.reviewer2.id);
      expect(await newSince(self, "reviewer2")).toEqual([]);
    });

    it("tells an item's author of a review state someone else set, and nobody else", async () => {
      const item = await f.newItem("editor");
      const since = new Date();
      await setReviewState(f.deps, f.people.reviewer, item.id, "approved");
      const [got] = await newSince(since, "editor");
      expect(got).toMatchObject({ kind: "state", detail: { state: "approved" } });
      const page = await inboxPage(opened.db, f.people.editor.id, { kind: "state", limit: 1 });
      expect(page.entries[0]).toMatchObject({
        actorName: "Rita",
        text: "moved your image “a fox” to Approved",
      });
      for (const other of ["reviewer", "owner", "reviewer2", "viewer"] as const) {
        expect(await newSince(since, other)).toEqual([]);
      }
      // The same state again changes nothing and tells nobody; the author's own move neither.
      const again = new Date();
      await setReviewState(f.deps, f.people.reviewer, item.id, "approved");
      await setReviewState(f.deps, f.people.editor, item.id, "rejected");
      expect(await newSince(again, "editor")).toEqual([]);
    });

    it("tells the thread's members of a reply, a member named in it once as a mention", async () => {
      const item = await f.newItem();
      const since = new Date();
      const top = await addComment(f.deps, f.people.reviewer, item.id, { body: "The ear is off" });
      expect(await newSince(since, "editor")).toEqual([]);
      await addComment(f.deps, f.people.editor, item.id, { body: "On it", parentId: top.id });
      expect((await newSince(since, "reviewer")).map((r) => r.kind)).toEqual(["reply"]);
      const second = new Date();
      await addComment(f.deps, f.people.owner, item.id, { body: "Thanks @Rob", parentId: top.id });
      expect((await newSince(second, "reviewer")).map((r) => r.kind)).toEqual(["reply"]);
      expect((await newSince(second, "editor")).map((r) => r.kind)).toEqual(["reply"]);
      // Rob is not in the thread: he is told of the mention only.
      expect((await newSince(second, "reviewer2")).map((r) => r.kind)).toEqual(["mention"]);
      expect(await newSince(second, "owner")).toEqual([]);
      const [reply] = (await inboxPage(opened.db, f.people.reviewer.id, { kind: "reply" })).entries;
      expect(reply).toMatchObject({
        actorName: "Olga Owner",
        text: "replied in your thread on “a fox”",
        excerpt: "Thanks @Rob",
      });
      expect(reply?.href).toMatch(/#comment-/);
      // An edit naming someone new mentions them; one already named is not told twice.
      const edit = new Date();
      await updateComment(f.deps, f.people.reviewer, top.id, { body: "The ear is off, @Ed @Olga Owner" });
      expect((await newSince(edit, "editor")).map((r) => r.kind)).toEqual(["mention"]);
      await updateComment(f.deps, f.people.reviewer, top.id, { body: "The ear, @Ed @Olga Owner" });
      expect((await newSince(edit, "editor")).map((r) => r.kind)).toEqual(["mention"]);
      expect(await newSince(edit, "reviewer")).toEqual([]);
    });

    it("tells every active member who can vote of a vote opened, except who opened it", async () => {
      const [a, b] = [await f.newItem(), await f.newItem()];
      const since = new Date();
      const vote = await createPickedResultsVote(
        opened.db,
        { items: [a.id, b.id], name: "Which fox?" },
        f.people.editor.id,
      );
      for (const voter of ["owner", "reviewer", "reviewer2"] as const) {
        const [got] = await newSince(since, voter);
        expect(got).toMatchObject({ kind: "vote", actorId: f.people.editor.id });
      }
      for (const left of ["editor", "viewer", "gone"] as const)
        expect(await newSince(since, left)).toEqual([]);
      const [entry] = (await inboxPage(opened.db, f.people.reviewer.id, { kind: "vote" })).entries;
      expect(entry).toMatchObject({
        actorName: "Ed",
        text: "opened a blind vote you can vote in: “Which fox?”",
        href: `/votes/${vote.id}?vote=${vote.id}`,
        item: null,
      });
    });

    it("tells an experiment's author when it ends, with how many cells failed", async () => {
      const created = await createExperiment(
        { db: opened.db, videoModel: "local:video@3.0-prime", maxCells: 10 },
        {
          name: "Fox seeds",
          base: {
            taskType: "imageInference",
            positivePrompt: "a fox",
            model: "runware:100@1",
            width: 512,
            height: 512,
          },
          axes: [{ kind: "values", path: "CFGScale", values: [3, 7] }],
        },
        f.people.editor.id,
      );
      if (!created.ok) throw new Error(JSON.stringify(created.errors));
      const id = created.value.experiment.id;
      const runner = new ExperimentRunner({
        db: opened.db,
        submit: async (who, tasks) => {
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
        },
        perRequest: () => 10,
        publish: () => {},
      });
      const since = new Date();
      await runner.pump(id);
      await runner.idle();
      const sent = (await cellRows(opened.db, id)).flatMap((c) => (c.taskUUID ? [c.taskUUID] : []));
      expect(sent).toHaveLength(2);
      await markTask(opened.db, sent[0] as string, { status: "success", progress: 100 });
      await runner.taskFinished(sent[0] as string);
      await runner.idle();
      expect(await newSince(since, "editor")).toEqual([]);
      await markTask(opened.db, sent[1] as string, {
        status: "error",
        error: { code: "taskFailed", message: "no" },
      });
      await runner.taskFinished(sent[1] as string);
      await runner.idle();
      runner.close();
      const [got] = await newSince(since, "editor");
      expect(got).toMatchObject({ kind: "experiment", actorId: null, detail: { done: 1, failed: 1 } });
      const [entry] = (await inboxPage(opened.db, f.people.editor.id, { kind: "experiment" })).entries;
      expect(entry).toMatchObject({
        actorName: null,
        text: "Your experiment “Fox seeds” finished, 1 of 2 cells failed",
        href: `/experiments/${id}`,
      });
      for (const other of ["owner", "reviewer"] as const) expect(await newSince(since, other)).toEqual([]);
    });

    it("does not count a cell cancelled while it waited among an experiment's failures", async () => {
      const created = await createExperiment(
        { db: opened.db, videoModel: "local:video@3.0-prime", maxCells: 10 },
        {
          name: "Heron seeds",
          base: {
            taskType: "imageInference",
            positivePrompt: "a heron",
            model: "runware:100@1",
            width: 512,
            height: 512,
          },
          axes: [{ kind: "values", path: "CFGScale", values: [3, 7] }],
        },
        f.people.editor.id,
      );
      if (!created.ok) throw new Error(JSON.stringify(created.errors));
      const id = created.value.experiment.id;
      const runner = new ExperimentRunner({
        db: opened.db,
        submit: async (who, tasks) => {
          await recordTasks(opened.db, who.id, tasks as SentTask[]);
          const data = tasks.map((t) => ({
            taskType: String(t.taskType),
            taskUUID: String(t.taskUUID),
            status: "queued" as const,
          }));
          return { status: 202, body: { data } };
        },
        perRequest: () => 10,
        publish: () => {},
      });
      const since = new Date();
      await runner.pump(id);
      await runner.idle();
      const [made, cancelled] = (await cellRows(opened.db, id)).flatMap((c) =>
        c.taskUUID ? [c.taskUUID] : [],
      );
      await markTask(opened.db, made as string, { status: "success", progress: 100 });
      await runner.taskFinished(made as string);
      // Cancelled from the queue drawer before it was sent: never sent, so no failure.
      await markTask(opened.db, cancelled as string, {
        status: "error",
        error: { code: CANCELLED_CODE, message: "Cancelled while it waited; it was never sent." },
      });
      await runner.taskFinished(cancelled as string);
      await runner.idle();
      runner.close();
      const [got] = await newSince(since, "editor");
      expect(got).toMatchObject({ kind: "experiment", detail: { done: 1, failed: 0 } });
      const [entry] = (await inboxPage(opened.db, f.people.editor.id, { kind: "experiment" })).entries;
      expect(entry?.text).toBe("Your experiment “Heron seeds” finished");
    });

    it("counts unread, filters by kind and unread, and marks one or all read", async () => {
      const item = await f.newItem();
      await assignItem(f.deps, f.people.owner, item.id, f.people.reviewer.id);
      await addComment(f.deps, f.people.owner, item.id, { body: "@Rita look" });
      expect(await unreadCount(opened.db, f.people.reviewer.id)).toBe(2);
      const all = await inboxPage(opened.db, f.people.reviewer.id, { unread: true });
      expect(all.entries.map((e) => e.kind)).toEqual(["mention", "assigned"]);
      const [mention] = all.entries;
      const { unread } = await markRead(f.deps, f.people.reviewer, { ids: [mention?.id ?? ""] });
      expect(unread).toBe(1);
      const left = await inboxPage(opened.db, f.people.reviewer.id, { unread: true });
      expect(left.entries.map((e) => e.kind)).toEqual(["assigned"]);
      expect(
        (await inboxPage(opened.db, f.people.reviewer.id, { kind: "mention", limit: 1 })).entries[0],
      ).toMatchObject({
        id: mention?.id,
        read: true,
      });
      // Someone else's id marks nothing of mine, and nothing of theirs.
      const theirs =
        (await inboxPage(opened.db, f.people.reviewer.id, { unread: true })).entries[0]?.id ?? "";
      expect((await markRead(f.deps, f.people.editor, { ids: [theirs] })).unread).toBe(0);
      expect(await unreadCount(opened.db, f.people.reviewer.id)).toBe(1);
      await markRead(f.deps, f.people.reviewer, { all: true });
      expect(await unreadCount(opened.db, f.people.reviewer.id)).toBe(0);
      expect(f.events).toContainEqual({
        change: { kind: "inbox", unread: 0 },
        audience: { userId: f.people.reviewer.id },
      });
    });
  });
}
