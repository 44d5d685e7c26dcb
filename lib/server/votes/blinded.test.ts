import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { createShareLink, revokeShareLink } from "@/lib/server/share/links";
import { ballotOf } from "./ballot";
import { ballotInProgress, refuseWhileVoting } from "./blinded";
import { castVote } from "./cast";
import { electorateOf, roundVotes, voterOf } from "./next-pairs";
import { closeVote, createExperimentVote } from "./records";
import { finishedExperiment } from "./test-experiment";

const PROMPTS = ["a red fox in snow", "a grey wolf in snow", "an owl on a branch"];

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "voting blind"), () => {
    let opened: TestDatabase;
    let author: string;
    let voter: string;
    let other: string;
    let experimentId: string;
    let itemIds: string[];
    let elsewhere: string;

    beforeAll(async () => {
      opened = await backend.open();
      author = await createTestUser(opened);
      voter = await createTestUser(opened);
      other = await createTestUser(opened);
      await opened.db.update(user).set({ role: "editor" }).where(eq(user.id, author));
      for (const id of [voter, other])
        await opened.db.update(user).set({ role: "reviewer" }).where(eq(user.id, id));
      ({ experimentId, itemIds } = await finishedExperiment(opened, author, PROMPTS));
      elsewhere = (await finishedExperiment(opened, author, ["a lighthouse", "a harbour"])).experimentId;
    }, 60_000);
    afterAll(async () => {
      await opened?.dispose();
    });

    it("refuses a member partway through a ballot the experiment and its results, and no one else", async () => {
      const round = await createExperimentVote(opened.db, experimentId, { axis: 0 }, author);
      const item = itemIds[0] as string;
      // Before the ballot is opened the grid is theirs to read.
      expect(await ballotInProgress(opened.db, voter, { experimentId })).toBeNull();
      const ballot = await ballotOf(opened.db, round, voter);
      expect(await ballotInProgress(opened.db, voter, { experimentId })).toBe(round.id);
      expect(await ballotInProgress(opened.db, voter, { itemId: item })).toBe(round.id);
      await expect(refuseWhileVoting(opened.db, voter, { experimentId })).rejects.toMatchObject({
        status: 403,
        errors: [{ code: "ballotInProgress", parameter: "id" }],
      });
      // A second identity that has not opened it, and another experiment, are not hidden.
      expect(await ballotInProgress(opened.db, other, { experimentId })).toBeNull();
      expect(await ballotInProgress(opened.db, other, { itemId: item })).toBeNull();
      expect(await ballotInProgress(opened.db, voter, { experimentId: elsewhere })).toBeNull();
      // A pick sent without reading the ballot opens it too.
      const pairId = ballot.pairs[0]?.id as string;
      await castVote(opened.db, round, other, { pairId, pick: "left" });
      expect(await ballotInProgress(opened.db, other, { experimentId })).toBe(round.id);
      // Every pair voted on: the labels show again.
      for (const p of ballot.pairs) await castVote(opened.db, round, voter, { pairId: p.id, pick: "left" });
      expect(await ballotInProgress(opened.db, voter, { experimentId })).toBeNull();
      expect(await ballotInProgress(opened.db, voter, { itemId: item })).toBeNull();
      // Closed: they show to everyone.
      await closeVote(opened.db, round.id, author);
      expect(await ballotInProgress(opened.db, other, { experimentId })).toBeNull();
      await refuseWhileVoting(opened.db, other, { experimentId });
      // What is not an id labels nothing (and breaks no query).
      expect(await ballotInProgress(opened.db, voter, { experimentId: "not-an-id" })).toBeNull();
    });

    it("counts as voters the active members who may vote, and guests while a link takes them", async () => {
      const round = await createExperimentVote(opened.db, experimentId, { axis: 0 }, author);
      const viewer = await createTestUser(opened);
      const gone = await createTestUser(opened);
      await opened.db
        .update(user)
        .set({ role: "reviewer", deactivatedAt: new Date() })
        .where(eq(user.id, gone));
      const before = await electorateOf(opened.db, round);
      const ids = before.members.map((m) => m.id);
      expect(ids).toEqual(expect.arrayContaining([author, voter, other]));
      expect(ids).not.toContain(viewer);
      expect(ids).not.toContain(gone);
      expect(before.guestsOpen).toBe(false);
      const deps = { db: opened.db, log: { publishGallery: () => {} } };
      const actor = { id: author, name: "Author", role: "editor" as const };
      const input = { roundId: round.id, allowComments: false, showParams: false, expiresInDays: null };
      // A link that only shows the ranking takes no guests; one that takes votes does, until revoked.
      await createShareLink(deps, actor, { ...input, guestVotes: false });
      expect((await electorateOf(opened.db, round)).guestsOpen).toBe(false);
      const { link } = await createShareLink(deps, actor, { ...input, guestVotes: true });
      expect((await electorateOf(opened.db, round)).guestsOpen).toBe(true);
      await revokeShareLink(deps, actor, link.id);
      expect((await electorateOf(opened.db, round)).guestsOpen).toBe(false);
      expect((await roundVotes(opened.db, round)).votes).toEqual([]);
      expect(voterOf("abc")).toBe("guest:abc");
    });
  });
}
