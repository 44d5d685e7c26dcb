import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guestVote, vote, votePair, voteRound } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { createEvalSetVote } from "@/lib/server/votes/eval-set-votes";
import { closeVote } from "@/lib/server/votes/records";
import { voteResults } from "@/lib/server/votes/results";
import { verdictOf } from "@/lib/studio/eval-sets/regression";
import { createEvalSet } from "./records";
import { regression } from "./regression";
import { startEvalRun } from "./runs";
import { finishRun } from "./test-runs";

// A case's verdict is the vote's own ranking of the two results, on the criterion it stands on.

const logistic = (x: number) => 1 / (1 + Math.exp(-x));

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(
    backendTitle(backend, "a case's verdict beside the vote's ranking"),
    () => {
      let opened: TestDatabase;
      let author: string;

      beforeAll(async () => {
        opened = await backend.open();
        author = await createTestUser(opened);
      }, 120_000);
      afterAll(async () => {
        await opened?.dispose();
      });

      it("reads the same stored votes as the ranking does: several criteria, ties, both bad, guests", async () => {
        const deps = { db: opened.db, videoModel: "local:video@3.0-prime", maxCells: 100 };
        const setId = (
          await createEvalSet(opened.db, { name: "Herons", cases: [{ prompt: "a heron", seed: 1 }] }, author)
        ).id;
        const runs: string[] = [];
        for (const model of ["runware:100@1", "runware:101@1"]) {
          const started = await startEvalRun(deps, setId, { model, width: 512, height: 512 }, author);
          await finishRun(opened.db, author, started.experimentId);
          runs.push(started.run.id);
        }
        const [baselineRun, newerRun] = runs as [string, string];
        const round = await createEvalSetVote(
          opened.db,
          setId,
          { runs: [baselineRun, newerRun], criteria: ["Prompt adherence", "Aesthetics"] },
          author,
        );
        const [stored] = await opened.db.select().from(voteRound).where(eq(voteRound.id, round.id));
        const [pair] = await opened.db.select().from(votePair).where(eq(votePair.roundId, round.id));
        if (!pair || !stored) throw new Error("vote missing");
        const newerVariant = stored.runIds?.indexOf(newerRun) ?? -1;
        const forRun = pair.variantA === newerVariant ? ("a" as const) : ("b" as const);
        const forBase = forRun === "a" ? ("b" as const) : ("a" as const);
        // Criterion 0: the run wins most, with ties and both bad; criterion 1 the other way.
        const picks0 = [
          forRun,
          forRun,
          forRun,
          forRun,
          forRun,
          forRun,
          "tie",
          "tie",
          "bad",
          "bad",
          forBase,
        ] as const;
        const picks1 = [
          forBase,
          forBase,
          forBase,
          forBase,
          "tie",
          "bad",
          forRun,
          forRun,
          forBase,
          forBase,
          "bad",
        ] as const;
        const voters = await Promise.all(picks0.map(() => createTestUser(opened)));
        await opened.db.insert(vote).values([
          ...voters.map((userId, k) => ({
            pairId: pair.id,
            userId,
            roundId: round.id,
            pick: picks0[k] ?? "tie",
          })),
          ...voters.map((userId, k) => ({
            pairId: pair.id,
            userId,
            roundId: round.id,
            criterion: 1,
            pick: picks1[k] ?? "tie",
          })),
        ]);
        await opened.db.insert(guestVote).values([
          { pairId: pair.id, ballot: "g1", roundId: round.id, pick: forRun },
          { pairId: pair.id, ballot: "g2", roundId: round.id, pick: "tie" },
          { pairId: pair.id, ballot: "g2", roundId: round.id, criterion: 1, pick: forBase },
        ]);
        await closeVote(opened.db, round.id, author);

        const [closed] = await opened.db.select().from(voteRound).where(eq(voteRound.id, round.id));
        const results = await voteResults(opened.db, closed as NonNullable<typeof closed>);
        const view = await regression(opened.db, setId, { run: newerRun, baseline: baselineRun });
        const row = view.rows[0];
        const ranked = results.byCriterion[0]?.ranking?.variants.find((v) => v.runId === newerRun);
        if (!row?.preference || !ranked) throw new Error("no preference or ranking");
        expect(results.byCriterion.map((c) => c.name)).toEqual(["Prompt adherence", "Aesthetics"]);
        expect(row.preference).toMatchObject({
          runWins: ranked.wins,
          baselineWins: ranked.losses,
          ties: ranked.ties,
          votes: ranked.wins + ranked.losses + ranked.ties,
        });
        expect(row.preference.chance).toBeCloseTo(logistic(2 * ranked.score), 9);
        expect(row.preference.low).toBeCloseTo(logistic(2 * (ranked.low ?? Number.NaN)), 9);
        expect(row.preference.high).toBeCloseTo(logistic(2 * (ranked.high ?? Number.NaN)), 9);
        expect(row.verdict).toBe(verdictOf(row.preference));
        // The second criterion, read alone, says otherwise: the case stands on the first.
        const second = results.byCriterion[1]?.ranking?.variants.find((v) => v.runId === newerRun);
        expect(second?.score).toBeLessThan(0);
        expect(ranked.score).toBeGreaterThan(0);
      });
    },
  );
}
