import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER, createAuth, type StudioAuth } from "@/lib/server/auth/create-auth";
import { sessionUser } from "@/lib/server/auth/guard";
import { SessionCache } from "@/lib/server/auth/session-cache";
import { Team } from "@/lib/server/auth/team";
import { type OpenedDatabase, recordItem, recordTasks } from "@/lib/server/db";
import { openTestPglite } from "@/lib/server/db/test-databases";
import { recordUpload } from "@/lib/server/db/upload-records";
import { itemMediaKey, LocalMediaStorage, uploadMediaKey } from "@/lib/server/storage";
import { ApiError } from "@/lib/studio/api/errors";
import type { Role } from "@/lib/studio/roles";
import { purgeItems, trashItems } from "../organize/trash";
import { mediaUrl } from "./gallery-item";
import { itemMedia } from "./item-media";
import { studioMediaResponse } from "./media-access";

// The studio's media route over real accounts and storage: a key is served only through the
// studio's checks, whoever knows it.

const ORIGIN = "http://studio.test";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "media-access-"));
const storage = new LocalMediaStorage(dir);
const BYTES = Buffer.from("the picture's bytes");
let database: OpenedDatabase;
let auth: StudioAuth;
let team: Team;
let gate: { auth: StudioAuth; sessions: SessionCache };
let ownerId = "";
let ownerCookie = "";
let ip = 10;

const headers = () =>
  new Headers({ origin: ORIGIN, host: "studio.test", [CLIENT_IP_HEADER]: `198.51.100.${ip++}` });

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

let members = 0;
async function newMember(role: Role): Promise<{ id: string; cookie: string }> {
  const email = `m${++members}@studio.test`;
  const { token } = await team.createInvitation(ownerId, role as "editor");
  const res = await team.acceptInvitation(
    token,
    { name: `M${members}`, email, password: "password123" },
    headers(),
  );
  const id = (await team.listMembers()).find((m) => m.email === email)?.id ?? "";
  return { id, cookie: cookieOf(res) };
}

/** A kept result: its task, its item (under a key made as the keeper makes it) and its bytes. */
async function keptItem(): Promise<{ id: string; url: string; key: string }> {
  const taskUUID = randomUUID();
  await recordTasks(database.db, ownerId, [
    { taskType: "imageInference", taskUUID, positivePrompt: "a fox", model: "runware:100@1" },
  ]);
  const key = itemMediaKey(randomUUID(), "image/png");
  await storage.put(key, BYTES, { mime: "image/png" });
  const { item } = await recordItem(database.db, {
    taskUUID,
    mediaUUID: randomUUID(),
    kind: "image",
    mime: "image/png",
    width: 8,
    height: 8,
    seed: 1,
    storageKey: key,
    bytes: BYTES.length,
  });
  return { id: item.id, url: mediaUrl(item), key };
}

/** What the media route answers: who asks by the session (the route's own check), then the key's rules. */
async function get(url: string, cookie: string): Promise<Response> {
  const user = await sessionUser(gate, new Headers({ host: "studio.test", cookie }));
  if (!user) return new Response(null, { status: 401 });
  const key = decodeURIComponent(url.replace(/^\/api\/media\//, ""));
  return studioMediaResponse({ db: database.db, storage }, key, user.role, null).catch((err: unknown) => {
    if (err instanceof ApiError) return Response.json({ errors: err.errors }, { status: err.status });
    throw err;
  });
}

const owner = () => ({ id: ownerId, name: "Ada", role: "owner" as const });

beforeAll(async () => {
  database = await openTestPglite();
  auth = createAuth(database.db, { secret: "test-secret-that-is-long-enough-for-hmac-0123456789" });
  gate = { auth, sessions: new SessionCache() };
  team = new Team(database.db, auth, Date.now, () => gate.sessions.clear());
  ownerCookie = cookieOf(
    await team.setupOwner({ name: "Ada", email: "ada@studio.test", password: "correct horse" }, headers()),
  );
  ownerId = (await team.listMembers())[0]?.id ?? "";
}, 60_000);

afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the studio's media route", () => {
  it("serves a live result to every member, and nothing without a session", async () => {
    const viewer = await newMember("viewer");
    const kept = await keptItem();
    const res = await get(kept.url, viewer.cookie);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(BYTES);
    expect((await get(kept.url, "")).status).toBe(401);
  });

  it("a removed member's session fetches nothing", async () => {
    const editor = await newMember("editor");
    const kept = await keptItem();
    expect((await get(kept.url, editor.cookie)).status).toBe(200);
    await team.removeMember(editor.id);
    expect((await get(kept.url, editor.cookie)).status).toBe(401);
  });

  it("a trashed result only to the owner; a purged one to nobody, even if its file was left", async () => {
    const editor = await newMember("editor");
    const kept = await keptItem();
    await trashItems(database.db, owner(), [kept.id]);
    expect((await get(kept.url, editor.cookie)).status).toBe(404);
    expect(await itemMedia(database.db, kept.id, "editor")).toBeNull();
    expect((await get(kept.url, ownerCookie)).status).toBe(200);
    expect(await itemMedia(database.db, kept.id, "owner")).not.toBeNull();
    // The file outlives its row when deleting it fails (a storage outage): still never served.
    const failing = { delete: async () => Promise.reject(new Error("storage is down")) };
    await purgeItems({ db: database.db, log: { publishGallery: () => {} }, storage: failing }, owner(), [
      kept.id,
    ]);
    expect(await storage.stat(kept.key)).not.toBeNull();
    expect((await get(kept.url, ownerCookie)).status).toBe(404);
    expect((await get(kept.url, editor.cookie)).status).toBe(404);
  });

  it("serves uploads that are recorded and no other stored object", async () => {
    const id = randomUUID();
    const key = uploadMediaKey(id, "image/png");
    await storage.put(key, BYTES, { mime: "image/png" });
    expect((await get(`/api/media/${key}`, ownerCookie)).status).toBe(404);
    await recordUpload(database.db, {
      id,
      ownerId,
      storageKey: key,
      mime: "image/png",
      width: 8,
      height: 8,
      bytes: BYTES.length,
    });
    expect((await get(`/api/media/${key}`, ownerCookie)).status).toBe(200);
    const thumb = `thumbs/${key}.320.webp`;
    await storage.put(thumb, BYTES, { mime: "image/webp" });
    expect((await get(`/api/media/${thumb}`, ownerCookie)).status).toBe(404);
  });
});
