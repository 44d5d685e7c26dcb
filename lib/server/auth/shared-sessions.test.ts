import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "@/lib/server/db/database";
import { openTwice, testBackends } from "@/lib/server/db/test-databases";
import { type AccountChange, AccountChanges } from "./account-changes";
import { SessionCache } from "./session-cache";
import { type SharedSessions, shareSessions } from "./shared-sessions";

const ada = { id: "u1", name: "Ada", email: "ada@studio.test", role: "editor" } as const;

/** What one studio process holds: its session cache, its account changes and what it heard. */
async function instance(database: OpenedDatabase) {
  const sessions = new SessionCache();
  const accountChanges = new AccountChanges();
  const heard: AccountChange[] = [];
  accountChanges.subscribe((change) => {
    heard.push(change);
    sessions.forget();
  });
  const shared: SharedSessions = await shareSessions({ database, sessions, accountChanges });
  return { sessions, accountChanges, heard, shared };
}

describe.each(testBackends)("session changes across studio processes on $name", (backend) => {
  let databases: Awaited<ReturnType<typeof openTwice>>;
  let a: Awaited<ReturnType<typeof instance>>;
  let b: Awaited<ReturnType<typeof instance>>;

  beforeAll(async () => {
    if (backend.skip) return;
    databases = await openTwice(backend);
    a = await instance(databases.a);
    b = await instance(databases.b);
  }, 60_000);
  afterAll(async () => {
    await a?.shared.close();
    await b?.shared.close();
    await databases?.dispose();
  });

  it.skipIf(backend.skip)(
    "a session ended or a role changed on one process is forgotten by the others",
    async () => {
      a.sessions.set("cookie-1", ada);
      b.sessions.set("cookie-1", ada);
      const change: AccountChange = { kind: "roleChanged", userId: ada.id, role: "viewer" };
      // As the runtime does: this process's listeners first, then the others.
      a.accountChanges.emit(change);
      a.shared.announce(change);
      await expect.poll(() => b.heard).toEqual([change]);
      expect(b.sessions.get("cookie-1")).toBeUndefined();
      // The process that made the change is not told it twice.
      expect(a.heard).toEqual([change]);
    },
  );

  it.skipIf(backend.skip)("a session cache cleared on one process is cleared on the others", async () => {
    a.sessions.set("cookie-2", ada);
    b.sessions.set("cookie-2", ada);
    b.sessions.clear();
    await expect.poll(() => a.sessions.get("cookie-2")).toBeUndefined();
    expect(b.sessions.get("cookie-2")).toBeUndefined();
  });
});
