import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "@/lib/server/db";
import { createTestUser, openTestPglite } from "@/lib/server/db/test-databases";
import { errorAnswerOf } from "@/lib/server/http/error-answer";
import { actor, RecordingLog } from "../items/test-support";
import { createShareLink, revokeShareLink, shareLinkState } from "../share/links";
import { createBoard, deleteBoard } from "./boards";

let database: OpenedDatabase;
let editorId = "";

beforeAll(async () => {
  database = await openTestPglite();
  editorId = await createTestUser(database, "caps-editor");
}, 60_000);

afterAll(async () => {
  await database?.close();
});

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    const answer = errorAnswerOf(err);
    if (answer) return answer;
    throw err;
  }
  throw new Error("not refused");
}

const share = { allowComments: false, showParams: false, expiresInDays: null };

describe("team caps", () => {
  it("refuses a board past the team's cap, and takes one again once a board is deleted", async () => {
    const editor = actor(editorId, "editor");
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createBoard(database.db, editor, { name: `b${i}` }, 3));
    const refused = await refusal(createBoard(database.db, editor, { name: "one more" }, 3));
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({
      code: "limitReached",
      message: expect.stringContaining("3 boards"),
    });
    await deleteBoard(database.db, editor, made[0]?.id as string);
    expect((await createBoard(database.db, editor, { name: "room again" }, 3)).name).toBe("room again");
  });

  it("counts only live share links, and reports a link's state for its page", async () => {
    const editor = actor(editorId, "editor");
    const deps = { db: database.db, log: new RecordingLog() };
    const board = await createBoard(database.db, editor, { name: "shared" });
    const first = await createShareLink(deps, editor, { ...share, boardId: board.id }, new Date(), 2);
    await createShareLink(deps, editor, { ...share, boardId: board.id }, new Date(), 2);
    const refused = await refusal(
      createShareLink(deps, editor, { ...share, boardId: board.id }, new Date(), 2),
    );
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({ code: "limitReached", message: expect.stringContaining("Revoke") });

    expect((await shareLinkState(database.db, first.token)).state).toBe("live");
    await revokeShareLink(deps, editor, first.link.id);
    expect((await shareLinkState(database.db, first.token)).state).toBe("ended");
    expect((await shareLinkState(database.db, "x".repeat(43))).state).toBe("unknown");
    expect((await shareLinkState(database.db, "short")).state).toBe("unknown");
    // The revoked link no longer counts against the cap.
    await createShareLink(deps, editor, { ...share, boardId: board.id }, new Date(), 2);
  });
});
