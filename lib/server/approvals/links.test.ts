import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backendTitle, type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import { decide } from "./decide";
import { approvalGuestOf, guestApproval, guestDecide } from "./guest";
import { approvalLinkState } from "./link-state";
import { reissueGuestLink, revokeGuestLink } from "./links";
import { approvalTeam, outcome, tokenOf } from "./test-support";
import { approvalView } from "./view";

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "a guest reviewer's link"), () => {
    let opened: TestDatabase;
    let team: Awaited<ReturnType<typeof approvalTeam>>;
    beforeAll(async () => {
      opened = await backend.open();
      team = await approvalTeam(opened);
    }, 60_000);
    afterAll(() => opened?.dispose());

    const approve = { decision: "approve" as const, note: "" };
    /** A request whose guest's stage decides now. */
    const atGuestStage = async () => {
      const { people, deps } = team;
      const made = await team.request();
      await decide(deps, { userId: people.editor.id as string }, made.approval.id, approve, null);
      const reviewerId = made.guestLinks[0]?.reviewerId as string;
      return { id: made.approval.id, reviewerId, token: tokenOf(made.guestLinks[0]?.url as string) };
    };

    it("withdraws a link: its page and decision say so, and a decision made in the same moment is refused", async () => {
      const { people, deps } = team;
      const { id, reviewerId, token } = await atGuestStage();
      // The guest's link was read just before the withdrawal, as a request in flight would have.
      const stale = await approvalGuestOf(opened.db, token);
      const view = await revokeGuestLink(deps, people.editor, id, reviewerId);
      expect(view.stages[1]?.reviewers.find((r) => r.id === reviewerId)?.link).toBe("withdrawn");
      const withdrawn = { status: 410, code: "linkWithdrawn" };
      expect(await outcome(approvalGuestOf(opened.db, token))).toEqual(withdrawn);
      expect(await outcome(guestDecide(deps, stale, approve))).toEqual(withdrawn);
      expect(await outcome(revokeGuestLink(deps, people.editor2, id, reviewerId))).toEqual({
        status: 403,
        code: "forbidden",
      });
      const member = view.stages[0]?.reviewers[0]?.id as string;
      expect(await outcome(revokeGuestLink(deps, people.editor, id, member))).toEqual({
        status: 400,
        code: "invalidParameter",
      });
    });

    it("reissues a link: the new one works, the old one is gone, a decision made stays on record", async () => {
      const { people, deps } = team;
      const { id, reviewerId, token } = await atGuestStage();
      const stale = await approvalGuestOf(opened.db, token);
      await revokeGuestLink(deps, people.editor, id, reviewerId);
      const { guestLink, approval } = await reissueGuestLink(
        deps,
        people.owner,
        id,
        reviewerId,
        "https://s.test",
      );
      expect(approval.stages[1]?.reviewers.find((r) => r.id === reviewerId)?.link).toBe("active");
      const fresh = tokenOf(guestLink.url);
      expect(fresh).not.toBe(token);
      const replaced = { status: 410, code: "linkReplaced" };
      expect(await outcome(approvalGuestOf(opened.db, token))).toEqual(replaced);
      expect(await outcome(guestDecide(deps, stale, approve))).toEqual(replaced);
      const guest = await approvalGuestOf(opened.db, fresh);
      const decided = await guestDecide(deps, guest, { decision: "approveWithChanges", note: "Warmer" });
      expect(decided.yourDecision).toBe("approveWithChanges");
      const again = await reissueGuestLink(deps, people.editor, id, reviewerId, "https://s.test");
      const later = await guestApproval(
        opened.db,
        await approvalGuestOf(opened.db, tokenOf(again.guestLink.url)),
      );
      expect(later).toMatchObject({
        yourDecision: "approveWithChanges",
        yourNote: "Warmer",
        canDecide: false,
      });
      expect(again.approval.stages[1]?.reviewers.find((r) => r.id === reviewerId)?.decision).toBe(
        "approveWithChanges",
      );
    });

    it("tells an old link from one that never was, and names the requester only for an old one", async () => {
      const { people, deps } = team;
      const { id, reviewerId, token } = await atGuestStage();
      const requesterName = (await approvalView(opened.db, id, people.editor)).requestedBy?.name;
      expect(requesterName).toMatch(/^editor /);
      expect(await approvalLinkState(opened.db, token)).toEqual({ state: "live" });
      const first = await reissueGuestLink(deps, people.owner, id, reviewerId, "https://s.test");
      expect(await approvalLinkState(opened.db, token)).toEqual({ state: "replaced", requesterName });
      const second = tokenOf(first.guestLink.url);
      await reissueGuestLink(deps, people.owner, id, reviewerId, "https://s.test");
      expect(await approvalLinkState(opened.db, second)).toEqual({ state: "replaced", requesterName });
      // Once the guest's current link is withdrawn, every older one says withdrawn too.
      await revokeGuestLink(deps, people.editor, id, reviewerId);
      expect(await approvalLinkState(opened.db, token)).toEqual({ state: "withdrawn", requesterName });
      expect(await outcome(approvalGuestOf(opened.db, token))).toEqual({
        status: 410,
        code: "linkWithdrawn",
      });
      for (const never of ["x".repeat(43), "short", "../../etc"])
        expect(await approvalLinkState(opened.db, never)).toEqual({ state: "unknown" });
      expect(await outcome(approvalGuestOf(opened.db, "x".repeat(43)))).toEqual({
        status: 404,
        code: "notFound",
      });
    });
  });
}
