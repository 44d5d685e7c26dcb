import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemLinkCaller } from "@/lib/server/api/link-callers";
import { createApproval } from "@/lib/server/approvals/create";
import { approvalGuestOf, guestItemMedia } from "@/lib/server/approvals/guest";
import { approvalTeam, outcome, twoStages } from "@/lib/server/approvals/test-support";
import { backendTitle, type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import { restoreItems, trashItems } from "@/lib/server/organize/trash";
import { createShareLink } from "@/lib/server/share/links";
import { studioImage } from "@/lib/server/tools/studio-images";
import { ballotMediaId, ballotMediaKey } from "@/lib/server/votes/ballot-media";
import { createExperimentVote } from "@/lib/server/votes/records";
import { finishedExperiment } from "@/lib/server/votes/test-experiment";
import { guestBallotMediaKey } from "@/lib/server/votes/test-links";
import type { Role } from "@/lib/studio/roles";
import { itemMedia } from "./item-media";
import { mayReadMedia } from "./media-access";

// Every road to an item's bytes, with the item trashed and then restored: while in the trash it is
// served only to a member who may see the trash (the owner), never through a share or guest link.

const MEMBERS: Role[] = ["editor", "reviewer", "viewer"];

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "an item's media in the trash"), () => {
    let opened: TestDatabase;
    let team: Awaited<ReturnType<typeof approvalTeam>>;
    beforeAll(async () => {
      opened = await backend.open();
      team = await approvalTeam(opened);
    }, 60_000);
    afterAll(() => opened?.dispose());

    const trash = (ids: string[]) => trashItems(opened.db, team.people.owner, ids);
    const restore = (ids: string[]) => restoreItems(team.deps, team.people.owner, ids);
    const mediaOf = async (id: string) => {
      const media = await itemMedia(opened.db, id, "owner");
      if (!media) throw new Error(`no item ${id}`);
      return media;
    };

    it("the members' roads: media, preview, thumbnail, strip and original", async () => {
      const id = team.itemIds[0] as string;
      const media = await mediaOf(id);
      const [mediaUUID] = /[0-9a-f-]{36}/.exec(media.storageKey) ?? [];
      const roads = async (role: Role) => ({
        // The media route serves a key only past this check (media-access.test.ts).
        media: await mayReadMedia(opened.db, media.storageKey, role),
        // The thumbnail, the strip and the original read the item through this one check.
        original: (await itemMedia(opened.db, id, role)) !== null,
        preview: (await studioImage(opened.db, mediaUUID ?? "", role)) !== null,
      });
      const served = { media: true, original: true, preview: true };
      const refused = { media: false, original: false, preview: false };
      for (const role of ["owner", ...MEMBERS] as Role[]) expect(await roads(role)).toEqual(served);
      await trash([id]);
      expect(await roads("owner")).toEqual(served);
      for (const role of MEMBERS) expect(await roads(role)).toEqual(refused);
      await restore([id]);
      for (const role of ["owner", ...MEMBERS] as Role[]) expect(await roads(role)).toEqual(served);
    });

    it("a share link's media", async () => {
      const id = team.itemIds[1] as string;
      const { token } = await createShareLink(team.deps, team.people.editor, {
        itemId: id,
        allowComments: false,
        showParams: false,
        expiresInDays: null,
      });
      const shown = async () => (await outcome(itemLinkCaller(opened.db, token, id))).status;
      expect(await shown()).toBe(200);
      await trash([id]);
      expect(await shown()).toBe(404);
      await restore([id]);
      expect(await shown()).toBe(200);
    });

    it("a guest reviewer's media", async () => {
      const id = team.itemIds[2] as string;
      const { guestLinks } = await createApproval(
        team.deps,
        team.people.owner,
        twoStages(team.people, [id]),
        "https://studio.test",
      );
      const guest = await approvalGuestOf(opened.db, guestLinks[0]?.url.split("/a/")[1] ?? "");
      const shown = async () => (await outcome(guestItemMedia(opened.db, guest, id))).status;
      expect(await shown()).toBe(200);
      await trash([id]);
      expect(await shown()).toBe(404);
      await restore([id]);
      expect(await shown()).toBe(200);
    });

    it("a vote's media, to members and to guests of its link", async () => {
      const author = team.people.owner.id as string;
      const { experimentId, itemIds } = await finishedExperiment(opened, author, ["a fox", "a wolf"]);
      const round = await createExperimentVote(opened.db, experimentId, { axis: 0 }, author);
      const { token } = await createShareLink(team.deps, team.people.editor, {
        roundId: round.id,
        allowComments: false,
        guestVotes: true,
        showParams: false,
        expiresInDays: null,
      });
      const id = itemIds[0] as string;
      const mediaId = ballotMediaId(round, id);
      const roads = async () => ({
        owner: (await ballotMediaKey(opened.db, round, mediaId, "owner")) !== null,
        members: await Promise.all(
          MEMBERS.map(async (role) => (await ballotMediaKey(opened.db, round, mediaId, role)) !== null),
        ),
        guest: (await outcome(guestBallotMediaKey(team.deps, token, mediaId))).status,
      });
      expect(await roads()).toEqual({ owner: true, members: [true, true, true], guest: 200 });
      await trash([id]);
      expect(await roads()).toEqual({ owner: true, members: [false, false, false], guest: 404 });
      await restore([id]);
      expect(await roads()).toEqual({ owner: true, members: [true, true, true], guest: 200 });
    });
  });
}
