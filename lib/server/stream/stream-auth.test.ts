import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import type { Gate } from "@/lib/server/auth/guard";
import { studioErrors } from "@/lib/studio/api/errors";
import type { Role } from "@/lib/studio/roles";
import { EventLog } from "./event-log";
import { streamMembers } from "./member-sockets";
import { createRelay } from "./relay";

/** A gate whose session lookups are counted, and answered when the test says. */
function countedGate() {
  const asked: string[] = [];
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const gate = {
    auth: {
      api: {
        getSession: async ({ headers }: { headers: Headers }) => {
          const cookie = headers.get("cookie") ?? "";
          asked.push(cookie);
          await answered;
          return {
            user: { id: cookie, name: "N", email: "n@studio.test", role: "editor" },
            session: { id: `s-${cookie}` },
          };
        },
      },
    },
  } as unknown as Gate;
  return { gate, asked, answer };
}

const upgrade = (cookie?: string) => ({ headers: cookie ? { cookie } : {} }) as IncomingMessage;

describe("streamMembers", () => {
  it("reads a session once for all the upgrades with its cookie that arrive while it is read", async () => {
    const { gate, asked, answer } = countedGate();
    const members = streamMembers({ gate, team: { sessionStanding: async () => null } });
    const attack = Array.from({ length: 1000 }, () => members.authenticate(upgrade("ada")));
    const other = members.authenticate(upgrade("grace"));
    expect(await members.authenticate(upgrade())).toBeNull();
    answer();
    const found = await Promise.all(attack);
    expect(asked).toEqual(["ada", "grace"]);
    expect(new Set(found.map((m) => m?.sessionId))).toEqual(new Set(["s-ada"]));
    expect((await other)?.userId).toBe("grace");
    // Nothing is remembered once read: the next socket's session is read afresh.
    await members.authenticate(upgrade("ada"));
    expect(asked).toEqual(["ada", "grace", "ada"]);
  });
});

describe("a token on the stream", () => {
  const tokenUpgrade = (secret: string) =>
    ({ url: "/api/stream", headers: { authorization: `Bearer ${secret}` } }) as unknown as IncomingMessage;
  const noSessions = { sessionStanding: async () => null };
  const gate = {} as Gate;

  it("speaks for the token's member with the token's role, under an id no session takes", async () => {
    const members = streamMembers({
      gate,
      team: noSessions,
      tokens: {
        verify: async () => ({ user: { id: "u1", name: "A", email: "a@x", role: "viewer" }, tokenId: "t1" }),
        standing: async () => null,
      },
    });
    expect(await members.authenticate(tokenUpgrade("mst_x"))).toEqual({
      userId: "u1",
      sessionId: "token:t1",
      role: "viewer",
    });
  });

  it("refuses with 403 a token whose role does not grant reading the stream", async () => {
    const members = streamMembers({
      gate,
      team: noSessions,
      tokens: {
        // A role that grants nothing: what a token scoped away from reading would carry.
        verify: async () => ({
          user: { id: "u1", name: "A", email: "a@x", role: "none" as Role },
          tokenId: "t1",
        }),
        standing: async () => null,
      },
    });
    await expect(members.authenticate(tokenUpgrade("mst_x"))).rejects.toMatchObject({ status: 403 });
  });

  it("refuses a malformed Authorization header with 401, and asks no token of a studio without tokens", async () => {
    const verify = vi.fn();
    const members = streamMembers({ gate, team: noSessions, tokens: { verify, standing: async () => null } });
    const malformed = {
      url: "/api/stream",
      headers: { authorization: "Basic abc" },
    } as unknown as IncomingMessage;
    await expect(members.authenticate(malformed)).rejects.toMatchObject({ status: 401 });
    expect(verify).not.toHaveBeenCalled();
    expect(await streamMembers({ gate, team: noSessions }).authenticate(tokenUpgrade("mst_x"))).toBeNull();
  });

  it("answers each refusal of the upgrade with its declared status", async () => {
    const refusals: [Error | null, number, string | undefined][] = [
      [null, 401, undefined],
      [studioErrors.invalidToken(), 401, undefined],
      [studioErrors.forbiddenRole("viewer"), 403, undefined],
      [studioErrors.rateLimited(7).retryAfter(7), 429, "7"],
      [new Error("database away"), 503, undefined],
    ];
    for (const [refusal, status, retryAfter] of refusals) {
      const relay = createRelay({
        log: new EventLog(),
        authenticate: async () => {
          if (refusal) throw refusal;
          return null;
        },
      });
      const server = createServer();
      server.on("upgrade", (req, socket, head) => relay.handleUpgrade(req, socket, head));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/stream`;
      const ws = new WebSocket(url, { headers: { authorization: "Bearer mst_x" } });
      const answer = await new Promise<{ status?: number; retryAfter?: string | string[] }>((resolve) => {
        ws.on("unexpected-response", (_req, res) =>
          resolve({ status: res.statusCode, retryAfter: res.headers["retry-after"] }),
        );
        ws.on("error", () => undefined);
      });
      expect(answer).toEqual({ status, retryAfter });
      ws.terminate();
      await relay.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
