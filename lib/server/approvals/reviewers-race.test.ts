import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvalDecision, approvalRequest, approvalReviewer } from "@/lib/server/db/schema";
import {
  backendTitle,
  type InstancePair,
  openInstancePair,
  testBackends,
} from "@/lib/server/db/test-databases";
import { RecordingLog } from "../items/test-support";
import { createApproval } from "./create";
import { decide } from "./decide";
import { removeReviewer } from "./reviewers";
import { approvalTeam, outcome } from "./test-support";

/**
 * A reviewer removed by the requester through one studio while deciding through another at the
 * same moment: exactly one of the two lands, and the request reads as that one alone left it.
 */

const ROUNDS = 8;

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(
    backendTitle(backend, "a reviewer removed while deciding, from two studios"),
    () => {
      let pair: InstancePair;
      let team: Awaited<ReturnType<typeof approvalTeam>>;
      beforeAll(async () => {
        pair = await openInstancePair(backend);
        team = await approvalTeam(pair.a);
      }, 60_000);
      afterAll(() => pair?.dispose());

      it("lets exactly one of a removal and that reviewer's decision land, and the stage passes once", async () => {
        const { people } = team;
        const studioA = { db: pair.a.db, log: new RecordingLog() };
        const studioB = { db: pair.b.db, log: new RecordingLog() };
        const before = (await team.noticesOf(people.reviewer)).length;
        const winners = { removed: 0, decided: 0 };
        for (let i = 0; i < ROUNDS; i++) {
          const { approval } = await createApproval(
            studioA,
            people.owner,
            {
              title: `Race ${i}`,
              dueAt: null,
              holdDownloads: false,
              itemIds: team.itemIds,
              stages: [
                {
                  name: "Team",
                  reviewers: [
                    { userId: people.editor.id as string },
                    { userId: people.editor2.id as string },
                  ],
                },
                { name: "Client", reviewers: [{ userId: people.reviewer.id as string }] },
              ],
            },
            "x",
          );
          const approve = { decision: "approve" as const, note: "" };
          await decide(studioA, { userId: people.editor.id as string }, approval.id, approve, null);
          const target = approval.stages[0]?.reviewers.find((r) => r.userId === people.editor2.id)
            ?.id as string;
          const [removal, decision] = await Promise.all([
            outcome(removeReviewer(studioA, people.owner, approval.id, target)),
            outcome(decide(studioB, { userId: people.editor2.id as string }, approval.id, approve, null)),
          ]);
          const pair_ = [removal, decision];
          expect(pair_.filter((o) => o.status === 200)).toHaveLength(1);
          const [row] = await pair.b.db
            .select()
            .from(approvalRequest)
            .where(eq(approvalRequest.id, approval.id));
          expect(row).toMatchObject({ activeStage: 1, status: "inReview" });
          const [still] = await pair.b.db
            .select({ id: approvalReviewer.id })
            .from(approvalReviewer)
            .where(and(eq(approvalReviewer.id, target), isNull(approvalReviewer.removedAt)));
          const decisions = await pair.b.db
            .select()
            .from(approvalDecision)
            .where(eq(approvalDecision.reviewerId, target));
          if (removal.status === 200) {
            winners.removed++;
            expect(decision).toEqual({ status: 403, code: "notYourStage" });
            expect([still, decisions.length]).toEqual([undefined, 0]);
          } else {
            winners.decided++;
            // Their approval was the stage's last, so the stage had passed by the removal's turn.
            expect(removal).toEqual({ status: 409, code: "stageDecided" });
            expect(still).toBeDefined();
            expect(decisions).toHaveLength(1);
          }
        }
        expect(winners.removed + winners.decided).toBe(ROUNDS);
        // The next stage started once per request, whichever of the two landed.
        expect((await team.noticesOf(people.reviewer)).slice(before)).toHaveLength(ROUNDS);
      });
    },
  );
}
