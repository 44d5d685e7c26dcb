import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvalRequest, boardItem } from "@/lib/server/db/schema";
import { backendTitle, type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import { createBoard } from "../organize/boards";
import { createApproval } from "./create";
import { decide } from "./decide";
import { approvalGuestOf, guestApproval, guestDecide, guestItemMedia } from "./guest";
import { assertDownloadable } from "./holds";
import { approvalBadges, listApprovals } from "./lists";
import { cancelApproval, reopenApproval, updateApproval } from "./manage";
import { approvalTeam, outcome, tokenOf, twoStages } from "./test-support";
import { approvalView } from "./view";

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "review requests in stages"), () => {
    let opened: TestDatabase;
    let team: Awaited<ReturnType<typeof approvalTeam>>;
    beforeAll(async () => {
      opened = await backend.open();
      team = await approvalTeam(opened);
    }, 60_000);
    afterAll(() => opened?.dispose());

    const make = (extra = {}) =>
      createApproval(
        team.deps,
        team.people.owner,
        twoStages(team.people, team.itemIds, extra),
        "https://studio.test",
      );

    it("starts its first stage and tells only that stage's members; a guest gets a link of their own", async () => {
      const { people } = team;
      const before = (await team.noticesOf(people.reviewer)).length;
      const { approval, guestLinks } = await make();
      expect(approval.status).toBe("inReview");
      expect(approval.activeStage).toBe(1);
      expect(approval.stages.map((s) => s.state)).toEqual(["active", "waiting"]);
      expect(approval.stages[1]?.reviewers.map((r) => r.name)).toContain("Cleo (guest)");
      expect(guestLinks).toHaveLength(1);
      expect(guestLinks[0]?.url).toMatch(/^https:\/\/studio\.test\/a\/[A-Za-z0-9_-]{43}$/);
      const notices = await team.noticesOf(people.editor);
      expect(notices.at(-1)?.detail).toMatchObject({
        approval: "stage",
        stage: 1,
        stages: 2,
        name: "Spring campaign",
      });
      expect((await team.noticesOf(people.reviewer)).length).toBe(before);
      expect(team.log.changes.at(-1)).toEqual({
        kind: "approval",
        requestId: approval.id,
        status: "inReview",
        stage: 1,
      });
    });

    it("refuses a reviewer of stage 2, a guest of stage 2 and a non-reviewer while stage 1 decides", async () => {
      const { people, deps } = team;
      const { approval, guestLinks } = await make();
      const guest = await approvalGuestOf(opened.db, tokenOf(guestLinks[0]?.url as string));
      const approve = { decision: "approve" as const, note: "" };
      expect(
        await outcome(decide(deps, { userId: people.reviewer.id as string }, approval.id, approve, null)),
      ).toEqual({
        status: 403,
        code: "notYourStage",
      });
      expect(await outcome(guestDecide(deps, guest, approve))).toEqual({ status: 403, code: "notYourStage" });
      expect(
        await outcome(decide(deps, { userId: people.viewer.id as string }, approval.id, approve, null)),
      ).toEqual({
        status: 403,
        code: "notYourStage",
      });
      const now = await approvalView(opened.db, approval.id, people.owner);
      expect(now.activeStage).toBe(1);
      expect(now.stages.flatMap((s) => s.reviewers).every((r) => r.decision === null)).toBe(true);
    });

    it("moves to the next stage when the stage approves, stops at a request for changes, and reopens as a new round", async () => {
      const { people, deps } = team;
      const { approval, guestLinks } = await make();
      const guest = await approvalGuestOf(opened.db, tokenOf(guestLinks[0]?.url as string));
      const editorSays = await decide(
        deps,
        { userId: people.editor.id as string },
        approval.id,
        { decision: "approveWithChanges", note: "Crop tighter" },
        people.editor.id,
      );
      expect(editorSays).toMatchObject({ status: "inReview", activeStage: 1 });
      expect((await team.noticesOf(people.reviewer)).at(-1)?.detail).toMatchObject({
        approval: "stage",
        stage: 2,
      });
      // A second decision from the editor: their stage is over.
      expect(
        await outcome(
          decide(
            deps,
            { userId: people.editor.id as string },
            approval.id,
            { decision: "reject", note: "" },
            null,
          ),
        ),
      ).toMatchObject({ status: 403 });
      await decide(
        deps,
        { userId: people.reviewer.id as string },
        approval.id,
        { decision: "approve", note: "" },
        people.reviewer.id,
      );
      // The same reviewer again in the same round.
      expect(
        await outcome(
          decide(
            deps,
            { userId: people.reviewer.id as string },
            approval.id,
            { decision: "reject", note: "" },
            null,
          ),
        ),
      ).toEqual({ status: 409, code: "alreadyDecided" });
      const asGuest = await guestApproval(opened.db, guest);
      expect(asGuest).toMatchObject({ canDecide: true, yourStage: 2, activeStage: 2, yourName: "Cleo" });
      expect(JSON.stringify(asGuest)).not.toContain(people.reviewer.id as string);
      const after = await guestDecide(deps, guest, { decision: "changesRequested", note: "Warmer colours" });
      expect(after).toMatchObject({
        status: "changesRequested",
        canDecide: false,
        yourDecision: "changesRequested",
      });
      const told = (await team.noticesOf(people.owner)).at(-1);
      expect(told?.detail).toMatchObject({ approval: "decided", outcome: "Changes requested" });
      expect(told?.actorId).toBeNull();
      const view = await approvalView(opened.db, approval.id, people.owner);
      expect(view.stages.map((s) => s.state)).toEqual(["approved", "stopped"]);
      expect(view.stages[0]?.reviewers[0]).toMatchObject({
        decision: "approveWithChanges",
        note: "Crop tighter",
      });
      expect(await outcome(guestDecide(deps, guest, { decision: "approve", note: "" }))).toMatchObject({
        status: 409,
        code: "approvalNotOpen",
      });
      // Only the requester or an owner reopens.
      expect(await outcome(reopenApproval(deps, people.editor2, approval.id))).toEqual({
        status: 403,
        code: "forbidden",
      });
      const reopened = await reopenApproval(deps, people.owner, approval.id);
      expect(reopened).toMatchObject({ status: "inReview", activeStage: 1, round: 2 });
      expect(reopened.stages.flatMap((s) => s.reviewers).every((r) => r.decision === null)).toBe(true);
      const editorView = await approvalView(opened.db, approval.id, people.editor);
      expect(editorView.awaitsYou).toBe(true);
    });

    it("approves after the last stage, tells the requester, and every card of it says so", async () => {
      const { people, deps } = team;
      const { approval, guestLinks } = await make();
      const guest = await approvalGuestOf(opened.db, tokenOf(guestLinks[0]?.url as string));
      const approve = { decision: "approve" as const, note: "" };
      await decide(deps, { userId: people.editor.id as string }, approval.id, approve, people.editor.id);
      await guestDecide(deps, guest, approve);
      expect((await approvalView(opened.db, approval.id, people.owner)).status).toBe("inReview");
      await decide(deps, { userId: people.reviewer.id as string }, approval.id, approve, people.reviewer.id);
      const done = await approvalView(opened.db, approval.id, people.owner);
      expect(done.status).toBe("approved");
      expect(done.decidedAt).not.toBeNull();
      expect((await team.noticesOf(people.owner)).at(-1)?.detail).toMatchObject({ outcome: "Approved" });
      const badges = await approvalBadges(opened.db);
      for (const id of team.itemIds)
        expect(badges[id]).toMatchObject({ requestId: approval.id, status: "approved" });
    });

    it("lets only the requester or an owner edit and cancel", async () => {
      const { people, deps } = team;
      const { approval } = await createApproval(
        deps,
        people.editor,
        twoStages({ editor: people.editor2, reviewer: people.reviewer }, team.itemIds),
        "https://studio.test",
      );
      expect(await outcome(updateApproval(deps, people.editor2, approval.id, { title: "Mine now" }))).toEqual(
        { status: 403, code: "forbidden" },
      );
      expect(await outcome(cancelApproval(deps, people.reviewer, approval.id))).toEqual({
        status: 403,
        code: "forbidden",
      });
      const moved = await updateApproval(deps, people.editor, approval.id, {
        dueAt: "2026-12-01T17:00:00.000Z",
      });
      expect(moved.dueAt).toBe("2026-12-01T17:00:00.000Z");
      const cancelled = await cancelApproval(deps, people.owner, approval.id);
      expect(cancelled.status).toBe("cancelled");
      expect(await outcome(cancelApproval(deps, people.owner, approval.id))).toMatchObject({ status: 409 });
      // A cancelled request leaves the cards to the request before it.
      expect((await approvalBadges(opened.db))[team.itemIds[0] as string]?.requestId).not.toBe(approval.id);
    });

    it("refuses a viewer, an empty board, an unknown member and a member named twice, naming the parameter", async () => {
      const { people, deps } = team;
      const input = twoStages(people, team.itemIds);
      expect(await outcome(createApproval(deps, people.viewer, input, "x"))).toMatchObject({ status: 403 });
      const empty = await createBoard(opened.db, people.owner, { name: "Empty" });
      const onBoard = { ...input, itemIds: undefined, boardId: empty.id };
      expect(await outcome(createApproval(deps, people.owner, onBoard, "x"))).toEqual({
        status: 400,
        code: "invalidParameter",
      });
      const stranger = { ...input, stages: [{ name: "One", reviewers: [{ userId: "nobody" }] }] };
      await expect(createApproval(deps, people.owner, stranger, "x")).rejects.toMatchObject({
        errors: [{ parameter: "stages.0.reviewers.0.userId" }],
      });
      const twice = {
        ...input,
        stages: [
          {
            name: "One",
            reviewers: [{ userId: people.editor.id as string }, { userId: people.editor.id as string }],
          },
        ],
      };
      expect(await outcome(createApproval(deps, people.owner, twice, "x"))).toMatchObject({ status: 400 });
    });

    it("asks for a board's live items, and lists what awaits a member and what they asked for", async () => {
      const { people, deps } = team;
      const b = await createBoard(opened.db, people.owner, { name: "Hero shots" });
      await opened.db
        .insert(boardItem)
        .values([{ boardId: b.id, itemId: team.itemIds[0] as string, addedBy: null }]);
      const input = { ...twoStages(people, team.itemIds), itemIds: undefined, boardId: b.id };
      const { approval } = await createApproval(deps, people.editor2, input, "x");
      expect(approval).toMatchObject({ boardId: b.id, boardName: "Hero shots", itemCount: 1 });
      const toDecide = await listApprovals(opened.db, people.editor, { show: "toDecide" });
      expect(toDecide.approvals.map((a) => a.id)).toContain(approval.id);
      expect(toDecide.approvals.every((a) => a.awaitsYou)).toBe(true);
      const notMine = await listApprovals(opened.db, people.reviewer, { show: "toDecide" });
      expect(notMine.approvals.map((a) => a.id)).not.toContain(approval.id);
      const requested = await listApprovals(opened.db, people.editor2, { show: "requested" });
      expect(requested.approvals.map((a) => a.id)).toEqual([approval.id]);
    });

    it("shows a guest only their request's items", async () => {
      const { people, deps } = team;
      const { guestLinks } = await createApproval(
        deps,
        people.owner,
        twoStages(people, [team.itemIds[1] as string]),
        "x",
      );
      const guest = await approvalGuestOf(opened.db, tokenOf(guestLinks[0]?.url as string));
      expect((await guestApproval(opened.db, guest)).items.map((i) => i.id)).toEqual([team.itemIds[1]]);
      expect(await guestItemMedia(opened.db, guest, team.itemIds[1] as string)).toHaveProperty("storageKey");
      expect(await outcome(guestItemMedia(opened.db, guest, team.itemIds[0] as string))).toEqual({
        status: 404,
        code: "notFound",
      });
      for (const token of [
        "short",
        "x".repeat(43),
        tokenOf(guestLinks[0]?.url as string).replace(/^./, (c) => (c === "Z" ? "Y" : "Z")),
      ])
        expect(await outcome(approvalGuestOf(opened.db, token))).toEqual({ status: 404, code: "notFound" });
      const [row] = await opened.db
        .select()
        .from(approvalRequest)
        .where(eq(approvalRequest.id, guest.requestId));
      expect(row?.status).toBe("inReview");
    });
  });
}

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "downloads held until approval"), () => {
    let opened: TestDatabase;
    let team: Awaited<ReturnType<typeof approvalTeam>>;
    beforeAll(async () => {
      opened = await backend.open();
      team = await approvalTeam(opened);
    }, 60_000);
    afterAll(() => opened?.dispose());

    it("refuses viewers and reviewers until approved, never editors, and frees them once approved", async () => {
      const { people, deps } = team;
      const ids = [team.itemIds[0] as string];
      const input = {
        ...twoStages(people, ids),
        holdDownloads: true,
        stages: [{ name: "One", reviewers: [{ userId: people.editor.id as string }] }],
      };
      const { approval } = await createApproval(deps, people.owner, input, "x");
      for (const role of ["viewer", "reviewer"] as const)
        expect(await outcome(assertDownloadable(opened.db, role, ids, "id"))).toEqual({
          status: 403,
          code: "downloadHeld",
        });
      expect(await outcome(assertDownloadable(opened.db, "editor", ids, "id"))).toEqual({ status: 200 });
      // An item no held request covers downloads as before.
      expect(
        await outcome(assertDownloadable(opened.db, "viewer", [team.itemIds[2] as string], "id")),
      ).toEqual({ status: 200 });
      await decide(
        deps,
        { userId: people.editor.id as string },
        approval.id,
        { decision: "approve", note: "" },
        null,
      );
      expect(await outcome(assertDownloadable(opened.db, "viewer", ids, "id"))).toEqual({ status: 200 });
    });
  });
}
