import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordItem } from "@/lib/server/db/item-records";
import { item, itemSource, reviewEvent, user } from "@/lib/server/db/schema";
import { recordTasks } from "@/lib/server/db/task-records";
import { backendTitle, type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import { errorAnswerOf } from "@/lib/server/http/error-answer";
import { inboxPage, markRead, unreadCount } from "@/lib/server/notifications/inbox";
import type { Audience } from "@/lib/server/stream/event-log";
import type { GalleryChange } from "@/lib/studio/api/stream-events";
import type { Role } from "@/lib/studio/roles";
import { addComment, commentThreads, updateComment } from "../comments/comments";
import type { Actor, ReviewDeps } from "./access";
import { assignItem, rateItem, setReviewState, unrateItem } from "./actions";
import { historyPage } from "./audit-trail";
import { itemDetail } from "./item-detail";

/** The studio error a promise rejects with: its status and code. */
async function refused(promise: Promise<unknown>): Promise<{ status: number; code: string }> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  const answer = errorAnswerOf(err);
  if (!answer) throw new Error(`expected a studio error, got ${String(err)}`);
  return { status: answer.status, code: answer.error.code };
}

async function dbRefusal(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => new Error("not refused"),
    (e: unknown) => e,
  );
  const cause = (err as { cause?: { message?: string } }).cause;
  return cause?.message ?? (err as Error).message;
}

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "the review"), () => {
    let opened: TestDatabase;
    let deps: ReviewDeps;
    let events: { change: GalleryChange; audience: Audience | undefined }[];
    const people = {} as Record<Role | "reviewer2" | "reviewer3", Actor>;

    beforeAll(async () => {
      opened = await backend.open();
      events = [];
      deps = {
        db: opened.db,
        log: { publishGallery: (change, audience) => events.push({ change, audience }) },
      };
      const roles: [keyof typeof people, Role, string][] = [
        ["owner", "owner", "Olga Owner"],
        ["editor", "editor", "Ed"],
        ["reviewer", "reviewer", "Rita"],
        ["reviewer2", "reviewer", "Rob"],
        ["reviewer3", "reviewer", "Ray"],
        ["viewer", "viewer", "Vic"],
      ];
      for (const [key, role, name] of roles) {
        const id = `u-${randomUUID()}`;
        await opened.db.insert(user).values({ id, name, email: `${id}@example.com`, role });
        people[key] = { id, name, role };
      }
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });
    beforeEach(() => {
      events = [];
    });

    async function newItem(params: Record<string, unknown> = {}, notDrawn?: string[]) {
      const taskUUID = randomUUID();
      await recordTasks(opened.db, people.editor.id, [
        { taskType: "imageInference", taskUUID, positivePrompt: "a fox", ...params },
      ]);
      const mediaUUID = randomUUID();
      const { item: row } = await recordItem(opened.db, {
        taskUUID,
        mediaUUID,
        kind: "image",
        mime: "image/png",
        width: 64,
        height: 64,
        seed: 1,
        notDrawn,
        storageKey: `items/t/${mediaUUID}.png`,
        bytes: 1,
      });
      return row;
    }

    async function eventCount(itemId: string) {
      const rows = await opened.db.select().from(reviewEvent).where(eq(reviewEvent.itemId, itemId));
      return rows.length;
    }

    it("refuses every review mutation to a viewer, and lets a reviewer make each", async () => {
      const row = await newItem();
      const viewer = people.viewer;
      const forbidden = { status: 403, code: "forbidden" };
      expect(await refused(rateItem(deps, viewer, row.id, 3))).toEqual(forbidden);
      expect(await refused(unrateItem(deps, viewer, row.id))).toEqual(forbidden);
      expect(await refused(setReviewState(deps, viewer, row.id, "approved"))).toEqual(forbidden);
      expect(await refused(assignItem(deps, viewer, row.id, viewer.id))).toEqual(forbidden);
      expect(await refused(addComment(deps, viewer, row.id, { body: "hi" }))).toEqual(forbidden);
      expect(await eventCount(row.id)).toBe(0);
      expect(events).toEqual([]);

      for (const actor of [people.reviewer, people.editor, people.owner]) {
        await rateItem(deps, actor, row.id, 4);
        await setReviewState(deps, actor, row.id, actor.role === "owner" ? "approved" : "in_review");
        await assignItem(deps, actor, row.id, people.reviewer.id);
        const c = await addComment(deps, actor, row.id, { body: `from ${actor.name}` });
        await updateComment(deps, actor, c.id, { resolved: true });
      }
      const [after] = await opened.db.select().from(item).where(eq(item.id, row.id));
      expect(after).toMatchObject({
        reviewState: "approved",
        assigneeId: people.reviewer.id,
        ratingCount: 3,
      });
    });

    it("appends exactly one audit entry per change, and none for a change to the same value", async () => {
      const row = await newItem();
      const r = people.reviewer;
      await rateItem(deps, r, row.id, 2);
      expect(await eventCount(row.id)).toBe(1);
      await rateItem(deps, r, row.id, 2);
      expect(await eventCount(row.id)).toBe(1);
      await rateItem(deps, r, row.id, 5);
      await setReviewState(deps, r, row.id, "in_review");
      await setReviewState(deps, r, row.id, "in_review");
      await assignItem(deps, r, row.id, people.reviewer2.id);
      await assignItem(deps, r, row.id, null);
      const c = await addComment(deps, r, row.id, { body: "Look here", pin: { x: 0.25, y: 0.5 } });
      await updateComment(deps, r, c.id, { resolved: true });
      await updateComment(deps, r, c.id, { resolved: true });
      await updateComment(deps, r, c.id, { resolved: false });
      await unrateItem(deps, r, row.id);
      await unrateItem(deps, r, row.id);
      expect(await eventCount(row.id)).toBe(9);

      const history = await historyPage(opened.db, row.id, { limit: 4 });
      expect(history.entries.map((e) => e.kind)).toEqual(["rating", "reopen", "resolve", "comment"]);
      expect(history.entries[0]).toMatchObject({ actorId: r.id, actorName: r.name, from: 5, to: null });
      const older = await historyPage(opened.db, row.id, { limit: 10, cursor: history.nextCursor });
      expect(older.entries.map((e) => e.kind)).toEqual(["assign", "assign", "state", "rating", "rating"]);
      expect(older.entries[3]).toMatchObject({ from: 2, to: 5 });
      expect(older.nextCursor).toBeNull();
    });

    it("refuses to change or delete an audit entry, whoever asks", async () => {
      const row = await newItem();
      await setReviewState(deps, people.reviewer, row.id, "rejected");
      expect(
        await dbRefusal(
          opened.db
            .update(reviewEvent)
            .set({ actorName: "someone else" })
            .where(eq(reviewEvent.itemId, row.id)),
        ),
      ).toMatch(/append-only/);
      expect(await dbRefusal(opened.db.delete(reviewEvent).where(eq(reviewEvent.itemId, row.id)))).toMatch(
        /append-only/,
      );
      expect(await eventCount(row.id)).toBe(1);
    });

    it("keeps the team's rating count and average exact under several raters", async () => {
      const row = await newItem();
      const raters = [people.reviewer, people.reviewer2, people.reviewer3, people.editor, people.owner];
      // At once, as a team rates: the item's row lock makes each recount see the ones before.
      await Promise.all(raters.map((a, i) => rateItem(deps, a, row.id, [5, 4, 4, 2, 1][i] ?? 3)));
      let [now] = await opened.db.select().from(item).where(eq(item.id, row.id));
      expect(now?.ratingCount).toBe(5);
      expect(now?.ratingAvg).toBeCloseTo(16 / 5, 10);
      await rateItem(deps, people.owner, row.id, 5);
      await unrateItem(deps, people.editor, row.id);
      [now] = await opened.db.select().from(item).where(eq(item.id, row.id));
      expect(now?.ratingCount).toBe(4);
      expect(now?.ratingAvg).toBe(18 / 4);
      const last = events.at(-1)?.change;
      expect(last).toMatchObject({
        kind: "review",
        itemId: row.id,
        review: { ratingCount: 4, ratingAvg: 4.5 },
      });
      const detail = await itemDetail(opened.db, row.id, people.reviewer.id);
      expect(detail.myRating).toBe(5);
      expect(detail.ratings).toHaveLength(4);
      expect(await refused(rateItem(deps, people.reviewer, row.id, 6))).toMatchObject({ status: 400 });
    });

    it("names the words the result said were not drawn, and nothing for a result that said none", async () => {
      const prompt = { positivePrompt: "a narwhal beside a blue whale, highly detailed" };
      const row = await newItem(prompt, ["narwhal"]);
      expect((await itemDetail(opened.db, row.id, people.reviewer.id)).notDrawn).toEqual(["narwhal"]);
      // Another service's result names nothing: the same prompt claims nothing about its image.
      const elsewhere = await newItem(prompt);
      expect((await itemDetail(opened.db, elsewhere.id, people.reviewer.id)).notDrawn).toBeUndefined();
      const drawn = await newItem({ positivePrompt: "a hot air balloon over fields" }, []);
      expect((await itemDetail(opened.db, drawn.id, people.reviewer.id)).notDrawn).toBeUndefined();
    });

    it("threads comments, resolves mentions by name, and fills the mentioned member's inbox", async () => {
      const row = await newItem();
      const before = await unreadCount(opened.db, people.owner.id);
      const top = await addComment(deps, people.reviewer, row.id, {
        body: "@Olga Owner the fox's ear, @Ed too, and @Rita (me) and @nobody",
        pin: { x: 0.1, y: 0.9 },
      });
      expect(top.mentions.map((m) => m.name).sort()).toEqual(["Ed", "Olga Owner"]);
      expect(top.pin).toEqual({ x: 0.1, y: 0.9 });
      // The writer is told nothing of their own comment.
      expect(
        events.some(
          (e) =>
            e.change.kind === "inbox" &&
            e.audience &&
            "userId" in e.audience &&
            e.audience.userId === people.reviewer.id,
        ),
      ).toBe(false);
      const reply = await addComment(deps, people.editor, row.id, { body: "On it", parentId: top.id });
      // A reply to a reply joins the same thread.
      await addComment(deps, people.owner, row.id, { body: "Thanks", parentId: reply.id });
      const { threads } = await commentThreads(opened.db, row.id);
      expect(threads).toHaveLength(1);
      expect(threads[0]?.replies.map((r) => r.body)).toEqual(["On it", "Thanks"]);
      expect(threads[0]?.authorName).toBe("Rita");

      expect(await unreadCount(opened.db, people.owner.id)).toBe(before + 1);
      expect(events).toContainEqual({
        change: { kind: "inbox", unread: before + 1 },
        audience: { userId: people.owner.id },
      });
      expect(events).toContainEqual({
        change: { kind: "comment", itemId: row.id, commentId: top.id },
        audience: undefined,
      });

      const inbox = await inboxPage(opened.db, people.owner.id, { limit: 1 });
      expect(inbox.entries[0]).toMatchObject({
        kind: "mention",
        commentId: top.id,
        read: false,
        actorName: "Rita",
        text: "mentioned you on “a fox”",
      });
      expect(inbox.entries[0]?.item).toMatchObject({ id: row.id, prompt: "a fox" });
      const read = await markRead(deps, people.owner, { ids: [inbox.entries[0]?.id ?? ""] });
      expect(read.unread).toBe(before);
      await markRead(deps, people.owner, { all: true });
      expect(await unreadCount(opened.db, people.owner.id)).toBe(0);

      expect(await refused(updateComment(deps, people.editor, top.id, { body: "mine now" }))).toMatchObject({
        status: 403,
      });
      const edited = await updateComment(deps, people.reviewer, top.id, { body: "@Ed only the ear" });
      expect(edited.editedAt).not.toBeNull();
      expect(
        await refused(addComment(deps, people.reviewer, row.id, { body: "x", parentId: randomUUID() })),
      ).toMatchObject({
        status: 404,
      });
    });

    it("records lineage from the studio items a task names, and shows both directions", async () => {
      const source = await newItem();
      const guide = await newItem();
      const made = await newItem({
        seedImage: source.mediaUUID,
        controlNet: [{ model: "c", guideImage: guide.mediaUUID }],
        inputs: { referenceImages: [randomUUID()] },
      });
      const links = await opened.db.select().from(itemSource).where(eq(itemSource.itemId, made.id));
      expect(links.map((l) => [l.sourceItemId, l.role]).sort()).toEqual(
        [
          [source.id, "seedImage"],
          [guide.id, "controlNet"],
        ].sort(),
      );
      const detail = await itemDetail(opened.db, made.id, people.viewer.id);
      expect(detail.lineage.sources.map((s) => s.role).sort()).toEqual(["controlNet", "seedImage"]);
      expect(detail.params.positivePrompt).toBe("a fox");
      expect(detail.members.map((m) => m.name)).toContain("Vic");
      const back = await itemDetail(opened.db, source.id, people.viewer.id);
      expect(back.lineage.derived).toEqual([
        { item: expect.objectContaining({ id: made.id }), role: "seedImage" },
      ]);
      expect(await refused(itemDetail(opened.db, "not-a-uuid", people.viewer.id))).toMatchObject({
        status: 404,
      });
    });

    it("reads each of its lists through an index", async () => {
      const row = await newItem();
      const busy = await newItem();
      const me = people.owner.id;
      // Statistics like a real team's: most comments start a thread, and most are on other items.
      await opened.db.execute(
        sql.raw(
          `insert into comment (item_id, author_id, body) select '${busy.id}', '${me}', 'x' from generate_series(1, 300)`,
        ),
      );
      await opened.db.execute(sql`analyze comment`);
      await opened.db.execute(sql`analyze notification`);
      const plans = await opened.db.transaction(async (tx) => {
        // The tables are tiny here: forbid sequential scans so the plan shows which index serves.
        await tx.execute(sql`set local enable_seqscan = off`);
        const plan = async (query: string) => {
          const result = (await tx.execute(sql.raw(`explain ${query}`))) as unknown as {
            rows: { "QUERY PLAN": string }[];
          };
          return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
        };
        return {
          history: await plan(
            `select * from review_event where item_id = '${row.id}' and id < 1000 order by id desc limit 51`,
          ),
          comments: await plan(
            `select * from comment where item_id = '${row.id}' and parent_id is null order by created_at, id limit 51`,
          ),
          replies: await plan(`select * from comment where parent_id = '${row.id}'`),
          inbox: await plan(
            `select * from notification where user_id = '${me}' and in_inbox order by created_at desc, id desc limit 31`,
          ),
          unread: await plan(
            `select count(*) from notification where user_id = '${me}' and in_inbox and read_at is null`,
          ),
        };
      });
      expect(plans.history).toMatch(/review_event_item_idx/);
      expect(plans.comments).toMatch(/comment_item_idx/);
      expect(plans.replies).toMatch(/comment_parent_idx/);
      expect(plans.inbox).toMatch(/notification_inbox_idx/);
      expect(plans.unread).toMatch(/notification_unread_idx|notification_inbox_idx/);
    });

    it("refuses reviews of an item in the trash, and assigning a viewer", async () => {
      const row = await newItem();
      expect(await refused(assignItem(deps, people.owner, row.id, people.viewer.id))).toMatchObject({
        status: 409,
      });
      await opened.db.update(item).set({ deletedAt: sql`now()` }).where(eq(item.id, row.id));
      expect(await refused(rateItem(deps, people.reviewer, row.id, 3))).toMatchObject({ status: 409 });
      expect(await refused(addComment(deps, people.reviewer, row.id, { body: "hi" }))).toMatchObject({
        status: 409,
      });
    });
  });
}
