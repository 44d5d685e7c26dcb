import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backendTitle, type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import type { ApprovalView } from "@/lib/studio/approvals/views";
import { createApproval } from "./create";
import { decide } from "./decide";
import { approvalGuestOf } from "./guest";
import { listApprovals } from "./lists";
import { addReviewer, removeReviewer, replaceReviewer } from "./reviewers";
import { approvalTeam, outcome, tokenOf, twoStages } from "./test-support";

const idOf = (a: ApprovalView, stage: number, name: RegExp) =>
  a.stages[stage - 1]?.reviewers.find((r) => name.test(r.name))?.id as string;

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "changing a request's reviewers"), () => {
    let opened: TestDatabase;
    let team: Awaited<ReturnType<typeof approvalTeam>>;
    beforeAll(async () => {
      opened = await backend.open();
      team = await approvalTeam(opened);
    }, 60_000);
    afterAll(() => opened?.dispose());

    /** Stage 1: the editor and editor2; stage 2: the reviewer and the guest Cleo. */
    const make = async () => {
      const { people } = team;
      const input = twoStages(people, team.itemIds);
      input.stages[0]?.reviewers.push({ userId: people.editor2.id as string });
      return createApproval(team.deps, people.editor, input, "https://studio.test");
    };
    const approve = { decision: "approve" as const, note: "" };

    it("removes the one reviewer a stage waited on, and the stage passes at once, telling the next", async () => {
      const { people, deps } = team;
      const { approval } = await make();
      await decide(deps, { userId: people.editor.id as string }, approval.id, approve, people.editor.id);
      const before = (await team.noticesOf(people.reviewer)).length;
      expect((await team.noticesOf(people.editor2)).at(-1)?.detail).toMatchObject({ approval: "stage" });
      const after = await removeReviewer(deps, people.editor, approval.id, idOf(approval, 1, /^editor2/));
      expect(after.activeStage).toBe(2);
      expect(after.stages.map((s) => s.state)).toEqual(["approved", "active"]);
      expect(after.stages[0]?.reviewers.map((r) => r.decision)).toEqual(["approve"]);
      expect((await team.noticesOf(people.reviewer)).slice(before)).toHaveLength(1);
      // The removed member's notice asking for their decision is gone, and nothing awaits them.
      const editor2Notices = await team.noticesOf(people.editor2);
      expect(editor2Notices.filter((n) => n.detail.href === `/approvals/${approval.id}`)).toEqual([]);
      const waiting = await listApprovals(opened.db, people.editor2, { show: "toDecide" });
      expect(waiting.approvals.map((a) => a.id)).not.toContain(approval.id);
    });

    it("approves the request when the last stage's only undecided reviewer is removed", async () => {
      const { people, deps } = team;
      const { approval } = await make();
      await decide(deps, { userId: people.editor.id as string }, approval.id, approve, null);
      await decide(deps, { userId: people.editor2.id as string }, approval.id, approve, null);
      await decide(deps, { userId: people.reviewer.id as string }, approval.id, approve, null);
      const after = await removeReviewer(deps, people.owner, approval.id, idOf(approval, 2, /Cleo/));
      expect(after.status).toBe("approved");
    });

    it("keeps a decided reviewer, a decided stage and a stage's last reviewer, saying why and naming the parameter", async () => {
      const { people, deps } = team;
      const { approval } = await make();
      await decide(deps, { userId: people.editor.id as string }, approval.id, approve, null);
      const decided = await outcome(
        removeReviewer(deps, people.editor, approval.id, idOf(approval, 1, /^editor /)),
      );
      expect(decided).toEqual({ status: 409, code: "reviewerDecided" });
      await expect(
        removeReviewer(deps, people.editor, approval.id, idOf(approval, 1, /^editor /)),
      ).rejects.toMatchObject({
        errors: [
          { parameter: "reviewerId", message: expect.stringMatching(/already decided.*stays on record/) },
        ],
      });
      await decide(deps, { userId: people.editor2.id as string }, approval.id, approve, null);
      expect(
        await outcome(removeReviewer(deps, people.editor, approval.id, idOf(approval, 1, /^editor2/))),
      ).toEqual({ status: 409, code: "stageDecided" });
      expect(
        await outcome(
          addReviewer(
            deps,
            people.editor,
            approval.id,
            { stage: 1, reviewer: { userId: people.owner.id as string } },
            "x",
          ),
        ),
      ).toEqual({ status: 409, code: "stageDecided" });
      await removeReviewer(deps, people.editor, approval.id, idOf(approval, 2, /Cleo/));
      await expect(
        removeReviewer(deps, people.editor, approval.id, idOf(approval, 2, /^reviewer/)),
      ).rejects.toMatchObject({ errors: [{ code: "lastReviewer", parameter: "reviewerId" }] });
      expect(await outcome(removeReviewer(deps, people.editor, approval.id, crypto.randomUUID()))).toEqual({
        status: 404,
        code: "notFound",
      });
    });

    it("refuses a member who is neither the requester nor an owner", async () => {
      const { people, deps } = team;
      const { approval } = await make();
      const target = idOf(approval, 1, /^editor2/);
      for (const who of [people.editor2, people.reviewer, people.viewer]) {
        expect(await outcome(removeReviewer(deps, who, approval.id, target))).toEqual({
          status: 403,
          code: "forbidden",
        });
        expect(
          await outcome(
            addReviewer(deps, who, approval.id, { stage: 2, reviewer: { guestName: "Mallory" } }, "x"),
          ),
        ).toEqual({ status: 403, code: "forbidden" });
      }
    });

    it("adds a member who is told at once when their stage decides now, and a guest with a new link", async () => {
      const { people, deps } = team;
      const { approval } = await make();
      const before = (await team.noticesOf(people.owner)).length;
      const added = await addReviewer(
        deps,
        people.editor,
        approval.id,
        { stage: 1, reviewer: { userId: people.owner.id as string } },
        "https://studio.test",
      );
      expect(added.guestLinks).toEqual([]);
      expect(added.approval.stages[0]?.reviewers).toHaveLength(3);
      expect((await team.noticesOf(people.owner)).slice(before).map((n) => n.detail)).toEqual([
        expect.objectContaining({ approval: "stage", stage: 1, href: `/approvals/${approval.id}` }),
      ]);
      expect(
        await outcome(
          addReviewer(
            deps,
            people.editor,
            approval.id,
            { stage: 1, reviewer: { userId: people.owner.id as string } },
            "x",
          ),
        ),
      ).toEqual({ status: 400, code: "invalidParameter" });
      expect(
        await outcome(
          addReviewer(deps, people.editor, approval.id, { stage: 3, reviewer: { guestName: "D" } }, "x"),
        ),
      ).toEqual({ status: 400, code: "invalidParameter" });
      const guest = await addReviewer(
        deps,
        people.editor,
        approval.id,
        { stage: 2, reviewer: { guestName: "Dana", guestEmail: "dana@example.com" } },
        "https://studio.test",
      );
      const link = guest.guestLinks[0];
      expect(link?.url).toMatch(/^https:\/\/studio\.test\/a\/[A-Za-z0-9_-]{43}$/);
      const dana = guest.approval.stages[1]?.reviewers.find((r) => r.id === link?.reviewerId);
      expect(dana).toMatchObject({ name: "Dana (guest)", email: "dana@example.com", link: "active" });
      expect((await approvalGuestOf(opened.db, tokenOf(link?.url as string))).name).toBe("Dana");
    });

    it("replaces a reviewer by another: the new one decides, the old one no longer can", async () => {
      const { people, deps } = team;
      const { approval } = await make();
      const replaced = await replaceReviewer(
        deps,
        people.editor,
        approval.id,
        idOf(approval, 1, /^editor2/),
        { reviewer: { userId: people.reviewer.id as string } },
        "x",
      );
      expect(replaced.approval.stages[0]?.reviewers.map((r) => r.userId)).toEqual(
        expect.arrayContaining([people.editor.id, people.reviewer.id]),
      );
      expect(replaced.approval.stages[0]?.reviewers).toHaveLength(2);
      expect(
        await outcome(decide(deps, { userId: people.editor2.id as string }, approval.id, approve, null)),
      ).toEqual({ status: 403, code: "notYourStage" });
      await decide(deps, { userId: people.editor.id as string }, approval.id, approve, null);
      const next = await decide(deps, { userId: people.reviewer.id as string }, approval.id, approve, null);
      expect(next.activeStage).toBe(1);
      // A removed guest's link says it was withdrawn.
      const { approval: a2, guestLinks } = await make();
      await replaceReviewer(
        deps,
        people.owner,
        a2.id,
        idOf(a2, 2, /Cleo/),
        { reviewer: { guestName: "Cleo B" } },
        "x",
      );
      expect(await outcome(approvalGuestOf(opened.db, tokenOf(guestLinks[0]?.url as string)))).toEqual({
        status: 410,
        code: "linkWithdrawn",
      });
    });
  });
}
