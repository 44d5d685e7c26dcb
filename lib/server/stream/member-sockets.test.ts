import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { AccountChanges } from "@/lib/server/auth/account-changes";
import { handleAuthRequest } from "@/lib/server/auth/auth-endpoint";
import { CLIENT_IP_HEADER, createAuth, type StudioAuth } from "@/lib/server/auth/create-auth";
import { SessionCache } from "@/lib/server/auth/session-cache";
import { SignInLimit } from "@/lib/server/auth/sign-in-limit";
import { Team } from "@/lib/server/auth/team";
import { type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import { databaseRateLimits } from "@/lib/server/rate-limits";
import type { StreamEvent } from "@/lib/studio/api/stream-events";
import { EventLog } from "./event-log";
import { DatabaseEventStore } from "./event-store";
import { closeSocketsOnAccountChange, streamMembers } from "./member-sockets";
import { createRelay, type Relay } from "./relay";
import { galleryItem } from "./test-support";

// The relay as server.ts wires it, over real accounts: each way a session ends or a role changes
// closes that member's open sockets, which stop receiving the team's results.

const ORIGIN = "http://studio.test";
let database: TestDatabase;
let auth: StudioAuth;
let team: Team;
let gate: { auth: StudioAuth; sessions: SessionCache };
let relay: Relay;
let log: EventLog;
let server: Server;
let wsUrl: string;
let now = Date.now();
let ownerId = "";
let ip = 10;

const headers = () =>
  new Headers({ origin: ORIGIN, host: "studio.test", [CLIENT_IP_HEADER]: `198.51.100.${ip++}` });

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe.each(testBackends.filter((b) => !b.skip))("on $name", (backend) => {
  beforeAll(async () => {
    database = await backend.open();
    auth = createAuth(database.db, { secret: "test-secret-that-is-long-enough-for-hmac-0123456789" });
    gate = { auth, sessions: new SessionCache() };
    const changes = new AccountChanges();
    changes.subscribe(() => gate.sessions.clear());
    team = new Team(
      database.db,
      auth,
      () => now,
      (change) => changes.emit(change),
    );
    log = new EventLog({ store: new DatabaseEventStore(database) });
    await log.start();
    relay = createRelay({ log, ...streamMembers({ gate, team }), pingMs: 60_000 });
    changes.subscribe(closeSocketsOnAccountChange(relay));
    server = createServer();
    server.on("upgrade", (req, socket, head) => relay.handleUpgrade(req, socket, head));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    wsUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/stream`;
    const setUp = await team.setupOwner(
      { name: "Ada", email: "ada@studio.test", password: "correct horse" },
      headers(),
    );
    ownerCookie = cookieOf(setUp);
    ownerId = (await team.listMembers())[0]?.id ?? "";
  }, 60_000);

  afterAll(async () => {
    await relay?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await log?.close();
    await database?.dispose();
  });

  let ownerCookie = "";

  beforeEach(() => {
    now = Date.now();
  });

  let memberCount = 0;
  /** A new member with `role`, signed in: their id and session cookie. */
  async function newMember(role: "editor" | "viewer" = "editor"): Promise<{ id: string; cookie: string }> {
    const email = `member${++memberCount}@studio.test`;
    const { token } = await team.createInvitation(ownerId, role);
    const res = await team.acceptInvitation(
      token,
      { name: `M${memberCount}`, email, password: "password123" },
      headers(),
    );
    expect(res.status).toBe(200);
    const id = (await team.listMembers()).find((m) => m.email === email)?.id ?? "";
    return { id, cookie: cookieOf(res) };
  }

  async function signIn(email: string, password: string): Promise<string> {
    const res = await auth.handler(
      new Request(`${ORIGIN}/api/auth/sign-in/email`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: ORIGIN,
          [CLIENT_IP_HEADER]: `203.0.113.${ip++}`,
        },
        body: JSON.stringify({ email, password }),
      }),
    );
    expect(res.status).toBe(200);
    return cookieOf(res);
  }

  interface Socket {
    ws: WebSocket;
    items: string[];
    closed: Promise<{ code: number; reason: string }>;
  }

  async function open(cookie: string): Promise<Socket> {
    const ws = new WebSocket(wsUrl, { headers: { origin: ORIGIN, host: "studio.test", cookie } });
    const items: string[] = [];
    const hello = new Promise<void>((resolve, reject) => {
      ws.on("message", (data) => {
        const event = JSON.parse(String(data)) as StreamEvent;
        if (event.type === "hello") resolve();
        if (event.type === "item") items.push(event.item.id);
      });
      ws.on("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.on("error", reject);
    });
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
    );
    await hello;
    return { ws, items, closed };
  }

  /** Publishes an item and waits until `watcher` (a socket that stays open) has it. */
  async function publish(id: string, watcher: Socket): Promise<void> {
    log.publishItem(galleryItem(id));
    await expect.poll(() => watcher.items.includes(id)).toBe(true);
  }

  describe("a member's sockets follow their sessions", () => {
    it("signing out everywhere closes every socket of that member, and only theirs", async () => {
      const member = await newMember();
      const second = await signIn(`member${memberCount}@studio.test`, "password123");
      const [a, b, owner] = await Promise.all([open(member.cookie), open(second), open(ownerCookie)]);
      await publish("before", owner);
      await expect.poll(() => a.items.includes("before") && b.items.includes("before")).toBe(true);

      await team.signOutEverywhere(member.id);
      expect(await a.closed).toEqual({ code: 4401, reason: "Session ended" });
      expect((await b.closed).code).toBe(4401);
      await publish("after", owner);
      expect(a.items).not.toContain("after");
      expect(b.items).not.toContain("after");
      await expect(open(member.cookie)).rejects.toThrow("HTTP 401");
      owner.ws.close();
    });

    it("signing out on one device closes that session's sockets and keeps the others", async () => {
      const member = await newMember();
      const other = await signIn(`member${memberCount}@studio.test`, "password123");
      const [leaving, staying] = await Promise.all([open(member.cookie), open(other)]);
      const res = await handleAuthRequest(
        {
          auth,
          gate,
          team,
          signInLimit: new SignInLimit(databaseRateLimits(database.db, "test-secret-for-sign-in-limits")),
        },
        new Request(`${ORIGIN}/api/auth/sign-out`, {
          method: "POST",
          headers: {
            origin: ORIGIN,
            host: "studio.test",
            cookie: member.cookie,
            "content-type": "application/json",
          },
          body: "{}",
        }),
      );
      expect(res.status).toBe(200);
      expect((await leaving.closed).code).toBe(4401);
      await publish("after-sign-out", staying);
      expect(leaving.items).not.toContain("after-sign-out");
      staying.ws.close();
    });

    /** A request to one of better-auth's endpoints, through the studio's auth endpoint. */
    function authPost(path: string, cookie: string, body: unknown): Promise<Response> {
      return handleAuthRequest(
        {
          auth,
          gate,
          team,
          signInLimit: new SignInLimit(databaseRateLimits(database.db, "test-secret-for-sign-in-limits")),
        },
        new Request(`${ORIGIN}/api/auth${path}`, {
          method: "POST",
          headers: { origin: ORIGIN, host: "studio.test", cookie, "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
    }

    it("a password change that signs out other devices closes their sockets at once", async () => {
      const member = await newMember();
      const other = await signIn(`member${memberCount}@studio.test`, "password123");
      const [elsewhere, here, owner] = await Promise.all([
        open(other),
        open(member.cookie),
        open(ownerCookie),
      ]);
      const res = await authPost("/change-password", member.cookie, {
        currentPassword: "password123",
        newPassword: "password456",
        revokeOtherSessions: true,
      });
      expect(res.status).toBe(200);
      // Published after the answer: the socket closed with the request, not at a later recheck.
      await publish("after-password-change", owner);
      expect(elsewhere.items).not.toContain("after-password-change");
      expect(await elsewhere.closed).toEqual({ code: 4401, reason: "Session ended" });
      // The browser that changed it holds a new session: its socket reconnects, not signs out.
      expect(await here.closed).toEqual({ code: 4412, reason: "Session renewed" });
      const again = await open(cookieOf(res));
      await publish("after-renewal", again);
      again.ws.close();
      owner.ws.close();
    });

    it("revoking every session closes every socket of the member at once", async () => {
      const member = await newMember();
      const other = await signIn(`member${memberCount}@studio.test`, "password123");
      const [here, elsewhere, owner] = await Promise.all([
        open(member.cookie),
        open(other),
        open(ownerCookie),
      ]);
      const res = await authPost("/revoke-sessions", member.cookie, {});
      expect(res.status).toBe(200);
      await publish("after-revoke-all", owner);
      expect(here.items).not.toContain("after-revoke-all");
      expect(elsewhere.items).not.toContain("after-revoke-all");
      expect((await here.closed).code).toBe(4401);
      expect((await elsewhere.closed).code).toBe(4401);
      owner.ws.close();
    });

    it("revoking one other session closes its sockets and keeps this one's", async () => {
      const member = await newMember();
      const other = await signIn(`member${memberCount}@studio.test`, "password123");
      const [here, elsewhere] = await Promise.all([open(member.cookie), open(other)]);
      const listed = await auth.handler(
        new Request(`${ORIGIN}/api/auth/list-sessions`, { headers: { cookie: member.cookie } }),
      );
      const sessions = (await listed.json()) as { token: string }[];
      const otherToken = decodeURIComponent(other.split("=")[1] ?? "").split(".")[0];
      const target = sessions.find((s) => s.token === otherToken);
      expect(target).toBeDefined();
      const res = await authPost("/revoke-session", member.cookie, { token: target?.token });
      expect(res.status).toBe(200);
      await publish("after-revoke-one", here);
      expect(elsewhere.items).not.toContain("after-revoke-one");
      expect((await elsewhere.closed).code).toBe(4401);
      here.ws.close();
    });

    it("removing a member closes their sockets at once", async () => {
      const member = await newMember();
      const [removed, owner] = await Promise.all([open(member.cookie), open(ownerCookie)]);
      await publish("before-removal", owner);
      await expect.poll(() => removed.items.includes("before-removal")).toBe(true);
      await team.removeMember(member.id);
      expect((await removed.closed).code).toBe(4401);
      await publish("after-removal", owner);
      expect(removed.items).not.toContain("after-removal");
      owner.ws.close();
    });

    it("a role change closes the member's sockets (4409), and they reconnect with the new role", async () => {
      const member = await newMember("editor");
      const socket = await open(member.cookie);
      await team.setRole(member.id, "viewer");
      expect(await socket.closed).toEqual({ code: 4409, reason: "Role changed" });
      const again = await open(member.cookie);
      await relay.recheckNow();
      expect(again.ws.readyState).toBe(WebSocket.OPEN);
      again.ws.close();
    });

    it("the periodic check closes a socket whose session expired", async () => {
      const member = await newMember();
      const [expiring, owner] = await Promise.all([open(member.cookie), open(ownerCookie)]);
      await relay.recheckNow();
      expect(expiring.ws.readyState).toBe(WebSocket.OPEN);
      // Past the member's session lifetime (30 days); the owner signed in as long ago, so both end.
      now += 31 * 24 * 60 * 60 * 1000;
      await relay.recheckNow();
      expect((await expiring.closed).code).toBe(4401);
      expect((await owner.closed).code).toBe(4401);
      log.publishItem(galleryItem("after-expiry"));
      expect(expiring.items).not.toContain("after-expiry");
    });
  });
});
