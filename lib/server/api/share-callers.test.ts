import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as ballot } from "@/app/api/share/[token]/ballot/route";
import { GET as ballotMedia } from "@/app/api/share/[token]/ballot-media/[mediaId]/route";
import { POST as comment, GET as comments } from "@/app/api/share/[token]/comments/route";
import { GET as media } from "@/app/api/share/[token]/media/[itemId]/route";
import { POST as picks } from "@/app/api/share/[token]/picks/route";
import { POST as ranks } from "@/app/api/share/[token]/ranks/route";
import { GET as view } from "@/app/api/share/[token]/route";
import type { StudioDatabase } from "@/lib/server/db/database";
import { boardItem, shareLink, voteRound } from "@/lib/server/db/schema";
import {
  backendTitle,
  createTestUser,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { actor, MemoryStorage, makeItem, RecordingLog } from "@/lib/server/items/test-support";
import { createBoard } from "@/lib/server/organize/boards";
import { databaseRateLimits } from "@/lib/server/rate-limits";
import type { StudioRuntime } from "@/lib/server/runtime";
import { createShareLink, revokeShareLink } from "@/lib/server/share/links";
import { api } from "@/lib/studio/api";
import type { AnyEndpoint } from "@/lib/studio/api/endpoint";

// Every endpoint a guest reaches with a link, attacked with every dead or foreign token: each
// answers as route()'s resolver decides (lib/server/api/link-callers.ts), the same everywhere.

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const HANDLERS: Record<string, Handler> = {
  "share.get": view,
  "share.comments": comments,
  "share.comment": comment,
  "share.media": media,
  "guestVotes.ballot": ballot,
  "guestVotes.pick": picks,
  "guestVotes.rank": ranks,
  "guestVotes.media": ballotMedia,
};

const linkEndpoints = Object.values(api)
  .flatMap((r) => Object.values(r) as AnyEndpoint[])
  .filter((e) => e.spec.caller?.kind === "shareLink" || e.spec.caller?.kind === "voteLink");

const ORIGIN = "http://studio.test";
const KEY = Symbol.for("media-studio.runtime");
const holder = globalThis as { [KEY]?: Promise<StudioRuntime> };

/** Counts the queries that read share links, whoever sends them. */
function counting(db: StudioDatabase, count: { lookups: number }): StudioDatabase {
  return new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key !== "select") return typeof value === "function" ? value.bind(target) : value;
      return (...args: unknown[]) => {
        const builder = (
          value as (...a: unknown[]) => { from: (t: unknown, ...r: unknown[]) => unknown }
        ).apply(target, args);
        const from = builder.from.bind(builder);
        builder.from = (table: unknown, ...rest: unknown[]) => {
          if (table === shareLink) count.lookups += 1;
          return from(table, ...rest);
        };
        return builder;
      };
    },
  });
}

/** A request to an endpoint through `token`, with `itemId` where it takes one; valid otherwise. */
function requestTo(endpoint: AnyEndpoint, token: string, itemId: string): [Request, Record<string, string>] {
  const params: Record<string, string> = { token };
  if (endpoint.spec.params?.shape.itemId) params.itemId = itemId;
  if (endpoint.spec.params?.shape.mediaId) params.mediaId = "A".repeat(32);
  let path: string = endpoint.spec.path;
  for (const [k, v] of Object.entries(params)) path = path.replace(`{${k}}`, encodeURIComponent(v));
  const url = new URL(path, ORIGIN);
  if (endpoint.spec.query?.shape.itemId) url.searchParams.set("itemId", itemId);
  const body =
    endpoint.id === "share.comment"
      ? { name: "Robin", body: "Lovely" }
      : endpoint.id === "guestVotes.pick"
        ? { pairId: randomUUID(), pick: "left" }
        : endpoint.id === "guestVotes.rank"
          ? { fourId: randomUUID(), order: ["A", "B", "C", "D"].map((c) => c.repeat(32)) }
          : undefined;
  const request = new Request(url, {
    method: endpoint.spec.method,
    headers: { origin: ORIGIN, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return [request, params];
}

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "a guest's token, resolved once"), () => {
    let opened: TestDatabase;
    let previous: Promise<StudioRuntime> | undefined;
    const count = { lookups: 0 };
    const storage = Object.assign(new MemoryStorage(), {
      async stat(key: string) {
        const o = storage.objects.get(key);
        return o ? { size: o.bytes.length, mime: o.mime } : null;
      },
    });
    const tokens: Record<string, string> = {};
    const ids = { shown: "", neighbour: "", onBoard: "" };

    beforeAll(async () => {
      opened = await backend.open();
      const ada = await createTestUser(opened);
      const deps = { db: opened.db, log: new RecordingLog() };
      const editor = actor(ada, "editor");
      const shown = await makeItem(opened, ada, storage);
      const neighbour = await makeItem(opened, ada, storage);
      const onBoard = await makeItem(opened, ada, storage);
      Object.assign(ids, { shown: shown.id, neighbour: neighbour.id, onBoard: onBoard.id });
      const board = await createBoard(opened.db, editor, { name: "Board" });
      await opened.db.insert(boardItem).values({ boardId: board.id, itemId: onBoard.id });
      const share = (input: Partial<Parameters<typeof createShareLink>[2]>) =>
        createShareLink(deps, editor, {
          allowComments: true,
          showParams: false,
          expiresInDays: null,
          ...input,
        });
      tokens.item = (await share({ itemId: shown.id })).token;
      tokens.board = (await share({ boardId: board.id })).token;
      const revoked = await share({ itemId: shown.id });
      await revokeShareLink(deps, editor, revoked.link.id);
      tokens.revoked = revoked.token;
      const expired = await share({ itemId: shown.id, expiresInDays: 1 });
      await opened.db
        .update(shareLink)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(shareLink.id, expired.link.id));
      tokens.expired = expired.token;
      const [round] = await opened.db
        .insert(voteRound)
        .values({
          name: "Picked",
          axis: 0,
          variants: [0, 1],
          labels: ["A", "B"],
          seed: "seed",
          createdBy: ada,
        })
        .returning();
      tokens.vote = (await share({ roundId: round?.id, guestVotes: true, allowComments: false })).token;
      tokens.malformed = "not a token!";
      tokens.unknown = randomBytes(32).toString("base64url");
      previous = holder[KEY];
      holder[KEY] = Promise.resolve({
        database: { db: counting(opened.db, count) },
        log: deps.log,
        storage,
        rateLimits: databaseRateLimits(opened.db, "share-callers-test-secret-0123456789"),
        env: { STUDIO_URL: ORIGIN },
        gate: { auth: { api: { getSession: async () => null } }, publicUrl: ORIGIN },
      } as unknown as StudioRuntime);
    }, 60_000);
    afterAll(async () => {
      if (previous) holder[KEY] = previous;
      else delete holder[KEY];
      await opened?.dispose();
    });

    async function send(endpoint: AnyEndpoint, token: string, itemId = ids.shown) {
      const handler = HANDLERS[endpoint.id];
      if (!handler) throw new Error(`${endpoint.id} has no handler in this test`);
      const [request, params] = requestTo(endpoint, token, itemId);
      count.lookups = 0;
      const response = await handler(request, { params: Promise.resolve(params) });
      const type = response.headers.get("content-type") ?? "";
      return {
        status: response.status,
        body: type.includes("json") ? await response.json() : null,
        lookups: count.lookups,
      };
    }

    it("knows the handler of every endpoint a link reaches", () => {
      expect(linkEndpoints.map((e) => e.id).sort()).toEqual(Object.keys(HANDLERS).sort());
    });

    const gone = {
      errors: [{ code: "notFound", message: "This link has expired or was revoked.", parameter: "token" }],
    };

    for (const dead of ["malformed", "unknown", "revoked", "expired"]) {
      it(`answers a ${dead} token the same 404 naming token, on every endpoint`, async () => {
        for (const endpoint of linkEndpoints) {
          const answer = await send(endpoint, tokens[dead] as string);
          expect({ id: endpoint.id, status: answer.status, body: answer.body }).toEqual({
            id: endpoint.id,
            status: 404,
            body: gone,
          });
        }
      });
    }

    it("refuses a vote's link on every endpoint of items and comments, and an item's on a ballot", async () => {
      for (const endpoint of linkEndpoints) {
        const voting = endpoint.spec.caller?.kind === "voteLink";
        const answer = await send(endpoint, voting ? (tokens.item as string) : (tokens.vote as string));
        if (voting) {
          expect(answer).toMatchObject({
            status: 403,
            body: { errors: [{ code: "forbidden", parameter: "token" }] },
          });
        } else {
          expect(answer.status).toBe(404);
          expect(answer.body.errors).toHaveLength(1);
          expect(answer.body.errors[0]).toMatchObject({ code: "notFound" });
        }
      }
    });

    it("refuses an item's link on a board's item, and on its neighbour, wherever an item is named", async () => {
      const notShown = {
        errors: [{ code: "notFound", message: "This link does not show that item.", parameter: "itemId" }],
      };
      for (const endpoint of linkEndpoints.filter((e) => e.spec.caller?.kind === "shareLink")) {
        if (endpoint.id === "share.get") continue;
        for (const itemId of [ids.onBoard, ids.neighbour]) {
          const answer = await send(endpoint, tokens.item as string, itemId);
          expect({ id: endpoint.id, status: answer.status, body: answer.body }).toEqual({
            id: endpoint.id,
            status: 404,
            body: notShown,
          });
        }
        // The board's link reaches its own item, and not the item only an item's link shows.
        expect((await send(endpoint, tokens.board as string, ids.onBoard)).status).toBeLessThan(300);
        expect((await send(endpoint, tokens.board as string, ids.shown)).body).toEqual(notShown);
      }
    });

    it("looks a token up once per request, whatever it answers", async () => {
      for (const endpoint of linkEndpoints) {
        for (const token of ["item", "board", "vote", "revoked", "expired", "unknown"]) {
          const answer = await send(endpoint, tokens[token] as string);
          expect({ id: endpoint.id, token, lookups: answer.lookups }).toEqual({
            id: endpoint.id,
            token,
            lookups: 1,
          });
        }
        expect((await send(endpoint, tokens.malformed as string)).lookups).toBe(0);
      }
    });
  });
}
