import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvalRequest } from "@/lib/server/db/schema";
import {
  backendTitle,
  type InstancePair,
  openInstancePair,
  testBackends,
} from "@/lib/server/db/test-databases";
import { RecordingLog } from "../items/test-support";
import { createApproval } from "./create";
import { decide } from "./decide";
import { approvalTeam, outcome } from "./test-support";

/**
 * A stage advances exactly once: its reviewers' last approvals sent at the same moment through two
 * studios sharing one database start the next stage once (one notice to its reviewer) and never
 * leave it stuck; one reviewer's two decisions sent at once count once.
 */

const ROUNDS = 8;

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(
    backendTitle(backend, "decisions at once from two studios"),
    () => {
      let pair: InstancePair;
      let team: Awaited<ReturnType<typeof approvalTeam>>;
      beforeAll(async () => {
        pair = await openInstancePair(backend);
        team = await approvalTeam(pair.a);
      }, 60_000);
      afterAll(() => pair?.dispose());

      const studioA = () => ({ db: pair.a.db, log: new RecordingLog() });
      const studioB = () => ({ db: pair.b.db, log: new RecordingLog() });

      it("starts the next stage once when a stage's two reviewers approve at once", async () => {
        const { people } = team;
        const before = (await team.noticesOf(people.reviewer)).length;
        for (let i = 0; i < ROUNDS; i++) {
          const { approval } = await createApproval(
            studioA(),
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
          const [a, b] = await Promise.all([
            outcome(
              decide(
                studioA(),
                { userId: people.editor.id as string },
                approval.id,
                approve,
                people.editor.id,
              ),
            ),
            outcome(
              decide(
                studioB(),
                { userId: people.editor2.id as string },
                approval.id,
                approve,
                people.editor2.id,
              ),
            ),
          ]);
          expect([a.status, b.status]).toEqual([200, 200]);
          const [row] = await pair.b.db
            .select()
            .from(approvalRequest)
            .where(eq(approvalRequest.id, approval.id));
          expect(row).toMatchObject({ activeStage: 1, status: "inReview" });
        }
        const stageNotices = (await team.noticesOf(people.reviewer)).slice(before);
        expect(stageNotices).toHaveLength(ROUNDS);
      });

      it("counts one decision when a reviewer sends two at once", async () => {
        const { people } = team;
        const { approval } = await createApproval(
          studioA(),
          people.owner,
          {
            title: "Twice",
            dueAt: null,
            holdDownloads: false,
            itemIds: team.itemIds,
            stages: [
              {
                name: "Team",
                reviewers: [{ userId: people.editor.id as string }, { userId: people.editor2.id as string }],
              },
            ],
          },
          "x",
        );
        const who = { userId: people.editor.id as string };
        const results = await Promise.all([
          outcome(decide(studioA(), who, approval.id, { decision: "approve", note: "" }, null)),
          outcome(decide(studioB(), who, approval.id, { decision: "reject", note: "" }, null)),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      });
    },
  );
}
