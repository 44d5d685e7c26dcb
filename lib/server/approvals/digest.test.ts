import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { approvalDigest } from "@/lib/server/db/schema";
import {
  backendTitle,
  type InstancePair,
  openInstancePair,
  testBackends,
} from "@/lib/server/db/test-databases";
import { setNotificationOutlet } from "@/lib/server/notifications/outlet";
import { RecordingLog } from "../items/test-support";
import { createApproval } from "./create";
import { decide } from "./decide";
import { sendDailyDigest } from "./digest";
import { approvalTeam, digestsOf, twoStages } from "./test-support";

/**
 * The daily digest goes out once a day per team: two studios sharing one database sweeping at the
 * same moment send one inbox entry and one email per reviewer between them, never two.
 */

const NOW = new Date("2026-11-29T09:00:00Z");

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "the approvals digest"), () => {
    let pair: InstancePair;
    let team: Awaited<ReturnType<typeof approvalTeam>>;
    let restore: () => void = () => {};
    beforeAll(async () => {
      pair = await openInstancePair(backend);
      team = await approvalTeam(pair.a);
    }, 60_000);
    afterAll(() => pair?.dispose());
    afterEach(() => restore());

    const inbox = (userId: string) => digestsOf(pair.a.db, userId);

    it("is sent once per day when two studios sweep at once, one inbox entry and one email per reviewer", async () => {
      restore = setNotificationOutlet({
        publishUnread() {},
        mailQueued() {},
        emailAvailable: true,
        sendMail: async () => false,
      });
      const { people } = team;
      const deps = { db: pair.a.db, log: new RecordingLog() };
      const overdue = await createApproval(
        deps,
        people.owner,
        twoStages(people, team.itemIds, { title: "Late one", dueAt: "2026-11-27T12:00:00Z" }),
        "x",
      );
      await createApproval(
        deps,
        people.owner,
        twoStages(people, team.itemIds, { title: "Due tomorrow", dueAt: "2026-11-30T12:00:00Z" }),
        "x",
      );
      await createApproval(
        deps,
        people.owner,
        twoStages(people, team.itemIds, { title: "Next month", dueAt: "2026-12-29T12:00:00Z" }),
        "x",
      );
      // A decision given leaves the request out of the decider's digest.
      const decided = await createApproval(
        deps,
        people.owner,
        twoStages({ editor: people.editor2, reviewer: people.reviewer }, team.itemIds, {
          title: "Done",
          dueAt: "2026-11-28T12:00:00Z",
        }),
        "x",
      );
      await decide(
        deps,
        { userId: people.editor2.id as string },
        decided.approval.id,
        { decision: "approve", note: "" },
        null,
      );
      void overdue;
      const results = await Promise.all([
        sendDailyDigest({ db: pair.a.db, log: new RecordingLog() }, NOW),
        sendDailyDigest({ db: pair.b.db, log: new RecordingLog() }, NOW),
      ]);
      expect(results.filter((r) => r.sent)).toHaveLength(1);
      const editorDigests = await inbox(people.editor.id as string);
      expect(editorDigests).toHaveLength(1);
      expect(editorDigests[0]?.detail.lines).toEqual([
        "“Late one”: Overdue by 2 days (27 Nov 2026)",
        "“Due tomorrow”: Due tomorrow (30 Nov 2026)",
      ]);
      expect(editorDigests[0]).toMatchObject({ emailState: "pending", inInbox: true, actorId: null });
      // Stage 2's reviewer hears only of the request whose stage 2 started; the one who approved
      // has nothing left to decide.
      const reviewerDigests = await inbox(people.reviewer.id as string);
      expect(reviewerDigests.map((d) => d.detail.lines)).toEqual([
        ["“Done”: Overdue by 1 day (28 Nov 2026)"],
      ]);
      expect(await inbox(people.editor2.id as string)).toHaveLength(0);
      // Later sweeps the same day, on either studio, send nothing more.
      expect(
        (await sendDailyDigest({ db: pair.b.db, log: new RecordingLog() }, new Date("2026-11-29T21:00:00Z")))
          .sent,
      ).toBe(false);
      expect(await inbox(people.editor.id as string)).toHaveLength(1);
      const [day] = await pair.a.db.select().from(approvalDigest).where(eq(approvalDigest.day, "2026-11-29"));
      expect(day?.reviewers).toBe(2);
      // The next day has a digest of its own.
      expect(
        (await sendDailyDigest({ db: pair.b.db, log: new RecordingLog() }, new Date("2026-11-30T08:00:00Z")))
          .sent,
      ).toBe(true);
      expect(await inbox(people.editor.id as string)).toHaveLength(2);
    });
  });
}
