import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { StudioDatabase } from "@/lib/server/db";
import type { MediaStorage } from "@/lib/server/storage";
import {
  checkReadiness,
  KEY_REFUSED_MESSAGE,
  READY_PARTS,
  type ReadyChecks,
  studioChecks,
} from "./readiness";

const ok = async () => undefined;
const allOk: ReadyChecks = { database: ok, storage: ok, service: ok };

describe("readiness", () => {
  it("is ready when every part answers", async () => {
    const answer = await checkReadiness(allOk);
    expect(answer).toEqual({
      status: 200,
      body: { status: "ready", parts: { database: "ok", storage: "ok", service: "ok" } },
    });
  });

  it.each(READY_PARTS)("answers 503 naming %s when it fails, without its error's text", async (part) => {
    const checks = {
      ...allOk,
      [part]: async () => {
        throw new Error("connect ECONNREFUSED db.internal.example:5432 password=hunter2");
      },
    };
    const answer = await checkReadiness(checks);
    expect(answer.status).toBe(503);
    const body = answer.body as {
      errors: { code: string; parameter: string }[];
      parts: Record<string, string>;
    };
    expect(body.errors).toEqual([expect.objectContaining({ code: "notReady", parameter: part })]);
    expect(body.parts[part]).toBe("failing");
    for (const other of READY_PARTS.filter((p) => p !== part)) expect(body.parts[other]).toBe("ok");
    expect(JSON.stringify(body)).not.toMatch(/db\.internal|hunter2|5432/);
  });

  it("names every failing part, and counts a check that does not answer in time as failing", async () => {
    const answer = await checkReadiness(
      {
        database: () => new Promise(() => undefined),
        storage: ok,
        service: () => Promise.reject(new Error("x")),
      },
      { timeoutMs: 20 },
    );
    expect(answer.status).toBe(503);
    const body = answer.body as { errors: { parameter: string }[] };
    expect(body.errors.map((e) => e.parameter)).toEqual(["database", "service"]);
  });

  it("is not ready while the server drains, even with every part working", async () => {
    const answer = await checkReadiness(allOk, { draining: true });
    expect(answer.status).toBe(503);
    const body = answer.body as {
      errors: { code: string; parameter: string }[];
      parts: Record<string, string>;
    };
    expect(body.errors).toEqual([expect.objectContaining({ code: "shuttingDown", parameter: "server" })]);
    expect(body.parts.server).toBe("draining");
  });
});

describe("the studio's checks", () => {
  function memoryStorage(mangle = false): MediaStorage {
    const objects = new Map<string, Buffer>();
    return {
      kind: "local",
      async put(key, bytes) {
        objects.set(key, Buffer.isBuffer(bytes) ? bytes : Buffer.alloc(0));
        return { bytes: 0 };
      },
      async get(key) {
        const bytes = objects.get(key);
        if (!bytes) return null;
        return {
          stream: Readable.from([mangle ? Buffer.from("other") : bytes]),
          size: bytes.length,
          mime: "text/plain",
        };
      },
      async stat() {
        return null;
      },
      async delete(key) {
        objects.delete(key);
      },
    };
  }
  const db = (fails: boolean) =>
    ({
      execute: async () => {
        if (fails) throw new Error("down");
        return { rows: [] };
      },
    }) as unknown as StudioDatabase;

  it("passes with a database that answers, a storage that reads back, a connected socket", async () => {
    const checks = studioChecks({
      db: db(false),
      storage: memoryStorage(),
      upstreamState: () => "connected",
    });
    expect((await checkReadiness(checks)).status).toBe(200);
  });

  it("fails the storage part when the probe does not read back as written", async () => {
    const checks = studioChecks({
      db: db(false),
      storage: memoryStorage(true),
      upstreamState: () => "connected",
    });
    const body = (await checkReadiness(checks)).body as { errors: { parameter: string }[] };
    expect(body.errors.map((e) => e.parameter)).toEqual(["storage"]);
  });

  it.each(["idle", "connecting", "reconnecting", "failed", "closed"])(
    "fails the service part while the socket is %s",
    async (state) => {
      const checks = studioChecks({ db: db(false), storage: memoryStorage(), upstreamState: () => state });
      const body = (await checkReadiness(checks)).body as { errors: { parameter: string }[] };
      expect(body.errors.map((e) => e.parameter)).toEqual(["service"]);
    },
  );

  it("says the service refused the key while it does (and only the fixed sentence otherwise)", async () => {
    const refused = studioChecks({
      db: db(false),
      storage: memoryStorage(),
      upstreamState: () => "failed",
      upstreamError: () => "invalidApiKey",
    });
    const body = (await checkReadiness(refused)).body as { errors: { parameter: string; message: string }[] };
    expect(body.errors).toEqual([
      expect.objectContaining({ parameter: "service", message: KEY_REFUSED_MESSAGE }),
    ]);
    expect(KEY_REFUSED_MESSAGE).toMatch(/refused the API key/);
    const unreachable = studioChecks({
      db: db(false),
      storage: memoryStorage(),
      upstreamState: () => "reconnecting",
      upstreamError: () => "serviceUnavailable",
    });
    const other = (await checkReadiness(unreachable)).body as { errors: { message: string }[] };
    expect(other.errors[0]?.message).toBe("The media service's socket is not connected.");
  });

  it("fails the database part when the query fails", async () => {
    const checks = studioChecks({ db: db(true), storage: memoryStorage(), upstreamState: () => "connected" });
    const body = (await checkReadiness(checks)).body as { errors: { parameter: string }[] };
    expect(body.errors.map((e) => e.parameter)).toEqual(["database"]);
  });
});
