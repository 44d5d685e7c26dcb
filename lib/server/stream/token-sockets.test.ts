import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { AccessTokens } from "@/lib/server/auth/access-tokens";
import { AccountChanges } from "@/lib/server/auth/account-changes";
import { CLIENT_IP_HEADER, createAuth, type StudioAuth } from "@/lib/server/auth/create-auth";
import { SessionCache } from "@/lib/server/auth/session-cache";
import { Team } from "@/lib/server/auth/team";
import { type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import { databaseRateLimits } from "@/lib/server/rate-limits";
import { STREAM_CLOSE } from "@/lib/studio/api/stream";
import { parseStreamFrame } from "@/lib/studio/api/stream-messages";
import type { Role } from "@/lib/studio/roles";
import { EventLog } from "./event-log";
import { DatabaseEventStore } from "./event-store";
import { closeSocketsOnAccountChange, streamMembers } from "./member-sockets";
import { createRelay, type Relay } from "./relay";
import { galleryItem, taskUpdate } from "./test-support";

// The relay as server.ts wires it, opened by a script with a personal access token: no Origin, no
// cookie, only `Authorization: Bearer`. The token decides what the socket receives and how long
// it stays open; the session cookie's road is unchanged.

const ORIGIN = "http://studio.test";
const SECRET = "test-secret-that-is-long-enough-for-hmac-0123456789";
let ip = 10;
const headers = () =>
  new Headers({ origin: ORIGIN, host: "studio.test", [CLIENT_IP_HEADER]: `198.51.100.${ip++}` });
const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

interface Socket {
  ws: WebSocket;
  items: string[];
  tasks: string[];
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens the stream; rejects with `HTTP <status>` when the upgrade is refused. */
async function open(url: string, auth: { token?: string; cookie?: string }): Promise<Socket> {
  const sent: Record<string, string> = auth.cookie
    ? { origin: ORIGIN, host: "studio.test", cookie: auth.cookie }
    : {};
  if (auth.token !== undefined) sent.authorization = `Bearer ${auth.token}`;
  const ws = new WebSocket(url, { headers: sent });
  const socket: Socket = { ws, items: [], tasks: [], closed: Promise.resolve({ code: 0, reason: "" }) };
  socket.closed = new Promise((resolve) =>
    ws.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.on("message", (data) => {
      const frame = parseStreamFrame(String(data));
      if (frame?.type === "hello") resolve();
      if (frame?.type === "item") socket.items.push(frame.item.id);
      if (frame?.type === "task") socket.tasks.push(frame.task.taskUUID);
    });
    ws.on("unexpected-response", (_req, res) =>
      reject(
        new Error(
          `HTTP ${res.statusCode}${res.headers["retry-after"] ? ` retry ${res.headers["retry-after"]}` : ""}`,
        ),
      ),
    );
    ws.on("error", reject);
  });
  return socket;
}

describe.each(testBackends.filter((b) => !b.skip))("a token opens the stream, on $name", (backend) => {
  let database: TestDatabase;
  let auth: StudioAuth;
  let team: Team;
  let tokens: AccessTokens;
  let relay: Relay;
  let log: EventLog;
  let server: Server;
  let url = "";
  let ownerId = "";
  let ownerCookie = "";
  let members = 0;

  beforeAll(async () => {
    database = await backend.open();
    auth = createAuth(database.db, { secret: SECRET });
    const gate = { auth, sessions: new SessionCache() };
    const changes = new AccountChanges();
    changes.subscribe(() => gate.sessions.clear());
    team = new Team(database.db, auth, Date.now, (change) => changes.emit(change));
    tokens = new AccessTokens(database.db, databaseRateLimits(database.db, SECRET));
    log = new EventLog({ store: new DatabaseEventStore(database) });
    await log.start();
    relay = createRelay({ log, ...streamMembers({ gate, team, tokens }), pingMs: 60_000 });
    changes.subscribe(closeSocketsOnAccountChange(relay));
    server = createServer();
    server.on("upgrade", (req, socket, head) => relay.handleUpgrade(req, socket, head));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/stream`;
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

  /** A new member with `role`, their session cookie and a token of theirs with `tokenRole`. */
  async function member(role: Role, tokenRole: Role = role) {
    const email = `member${++members}@studio.test`;
    const { token } = await team.createInvitation(ownerId, role);
    const res = await team.acceptInvitation(
      token,
      { name: `M${members}`, email, password: "password123" },
      headers(),
    );
    const id = (await team.listMembers()).find((m) => m.email === email)?.id ?? "";
    const user = { id, name: `M${members}`, email, role };
    const made = await tokens.create(user, { name: "script", role: tokenRole });
    return { user, cookie: cookieOf(res), token: made.secret, tokenId: made.id };
  }

  it("a token opens the stream without a cookie or an Origin, and receives its team's events and its own tasks", async () => {
    const script = await member("viewer");
    const other = await member("editor");
    const socket = await open(url, { token: script.token });
    log.publishItem(galleryItem("for-the-team"));
    log.publishTask(other.user.id, taskUpdate("not-mine"));
    log.publishTask(script.user.id, taskUpdate("mine"));
    await expect.poll(() => socket.tasks).toEqual(["mine"]);
    expect(socket.items).toEqual(["for-the-team"]);
    socket.ws.close();
  });

  it("an unknown, a malformed or a revoked token is refused with 401 before the socket opens", async () => {
    const script = await member("viewer");
    await tokens.revoke(script.user, script.tokenId);
    await expect(open(url, { token: script.token })).rejects.toThrow("HTTP 401");
    await expect(open(url, { token: `mst_${"A".repeat(43)}` })).rejects.toThrow("HTTP 401");
    await expect(open(url, { token: "" })).rejects.toThrow("HTTP 401");
    expect(relay.connections()).toBe(0);
  });

  it("revoking a token closes its open sockets with the declared code, and keeps its member's session sockets", async () => {
    const script = await member("editor");
    const [byToken, byCookie] = await Promise.all([
      open(url, { token: script.token }),
      open(url, { cookie: script.cookie }),
    ]);
    await tokens.revoke(script.user, script.tokenId);
    await relay.recheckNow();
    expect(await byToken.closed).toEqual({ code: STREAM_CLOSE.tokenRevoked, reason: "Token revoked" });
    log.publishItem(galleryItem("after-revoke"));
    await expect.poll(() => byCookie.items).toContain("after-revoke");
    expect(byToken.items).not.toContain("after-revoke");
    byCookie.ws.close();
  });

  it("signing out everywhere keeps a token's socket; removing its member closes it as revoked", async () => {
    const script = await member("editor");
    const [byToken, byCookie] = await Promise.all([
      open(url, { token: script.token }),
      open(url, { cookie: script.cookie }),
    ]);
    await team.signOutEverywhere(script.user.id);
    expect((await byCookie.closed).code).toBe(STREAM_CLOSE.sessionEnded);
    await relay.recheckNow();
    log.publishItem(galleryItem("after-sign-out"));
    await expect.poll(() => byToken.items).toContain("after-sign-out");

    await team.removeMember(script.user.id);
    expect((await byToken.closed).code).toBe(STREAM_CLOSE.tokenRevoked);
  });

  it("a token acts with its own role: demoting the token's member below it reconnects its socket", async () => {
    const script = await member("editor", "editor");
    const socket = await open(url, { token: script.token });
    await team.setRole(script.user.id, "viewer");
    expect((await socket.closed).code).toBe(STREAM_CLOSE.roleChanged);
    const again = await open(url, { token: script.token });
    again.ws.close();
  });

  it("the session cookie's road still works, and a foreign page's cookie is still refused", async () => {
    const socket = await open(url, { cookie: ownerCookie });
    log.publishItem(galleryItem("by-cookie"));
    await expect.poll(() => socket.items).toContain("by-cookie");
    socket.ws.close();
    const foreign = new WebSocket(url, {
      headers: { origin: "https://evil.example", host: "studio.test", cookie: ownerCookie },
    });
    const status = await new Promise<number | undefined>((resolve) =>
      foreign.on("unexpected-response", (_req, res) => resolve(res.statusCode)),
    );
    expect(status).toBe(403);
  });
});
