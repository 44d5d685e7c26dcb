import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runKeysCli } from "../keys-cli";
import { hashKey, KeyStore, RECHECK_MS } from "./key-store";

const dirs: string[] = [];
function dir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "keys-test-"));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  vi.restoreAllMocks();
});

describe("KeyStore", () => {
  it("creates keys in accounts, lists them without secrets, and authenticates", () => {
    const store = new KeyStore(dir());
    const a = store.create({ description: "CI", account: "team" });
    const b = store.create({ description: "laptop", account: "team" });
    const c = store.create({ description: "other" });
    expect(a.key).toMatch(/^mse_[A-Za-z0-9_-]{43}$/);
    expect(a.listing.prefix).toBe(a.key.slice(0, 10));
    expect(store.list().map((k) => k.description)).toEqual(["CI", "laptop", "other"]);
    expect(store.list()[0]).not.toHaveProperty("hash");
    const pa = store.authenticate(a.key);
    const pb = store.authenticate(b.key);
    const pc = store.authenticate(c.key);
    expect(pa?.accountId).toBe(pb?.accountId);
    expect(pa?.keyId).not.toBe(pb?.keyId);
    expect(pc?.accountId).not.toBe(pa?.accountId);
    expect(store.authenticate(`${a.key}x`)).toBeNull();
    expect(store.authenticate("")).toBeNull();
  });

  it("stores only SHA-256 digests: the raw key never appears in keys.json", () => {
    const d = dir();
    const store = new KeyStore(d);
    const { key } = store.create({ description: "secret" });
    const text = fs.readFileSync(path.join(d, "keys.json"), "utf8");
    expect(text).not.toContain(key);
    expect(text).not.toContain(key.slice(10));
    expect(text).toContain(hashKey(key));
    expect(fs.statSync(path.join(d, "keys.json")).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(d).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("revokes at once, also when another process (store instance) revokes", async () => {
    const d = dir();
    const unwatched = new KeyStore(d);
    const engineSide = new KeyStore(d, { watch: true });
    const { key, listing } = engineSide.create({ description: "to revoke" });
    expect(engineSide.authenticate(key)).not.toBeNull();
    expect(unwatched.authenticate(key)).not.toBeNull();
    const cliSide = new KeyStore(d);
    const revokedAt = Date.now();
    expect(cliSide.revoke(listing.id)?.revokedAt).toBeTruthy();
    // Without a watch the next call sees it; with one, as soon as the change event arrives.
    expect(unwatched.authenticate(key)).toBeNull();
    while (engineSide.authenticate(key) !== null) await new Promise((r) => setTimeout(r, 5));
    expect(Date.now() - revokedAt).toBeLessThan(RECHECK_MS);
    expect(engineSide.list()[0]?.revokedAt).toBeTruthy();
    engineSide.close();
    expect(cliSide.revoke("nope-nope")).toBeNull();
    expect(cliSide.revoke("")).toBeNull();
  });

  it("accepts ENGINE_API_KEYS besides stored keys and reports emptiness", () => {
    const d = dir();
    expect(new KeyStore(d).isEmpty).toBe(true);
    const withEnv = new KeyStore(d, { envApiKeys: ["env-key-1"] });
    expect(withEnv.isEmpty).toBe(false);
    expect(withEnv.authenticate("env-key-1")).toEqual({
      accountId: "env",
      keyId: expect.stringMatching(/^env:/),
    });
    expect(withEnv.authenticate("env-key-2")).toBeNull();
    expect(fs.existsSync(path.join(d, "keys.json"))).toBe(false);
  });
});

describe("engine:keys CLI", () => {
  it("creates (printing the key once), lists and revokes", () => {
    const d = dir();
    const out: string[] = [];
    vi.spyOn(console, "info").mockImplementation((...args: unknown[]) => void out.push(args.join(" ")));
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void out.push(args.join(" ")));
    const env = { ENGINE_DATA_DIR: d };
    expect(runKeysCli(["create", "--description", "CI", "--account", "acme"], env)).toBe(0);
    const key = out.join("\n").match(/mse_[A-Za-z0-9_-]+/)?.[0];
    expect(key).toBeDefined();
    out.length = 0;
    expect(runKeysCli(["list"], env)).toBe(0);
    expect(out.join("\n")).toContain("account=acme");
    expect(out.join("\n")).not.toContain(key);
    const id = new KeyStore(d).list()[0]?.id ?? "";
    expect(runKeysCli(["revoke", id], env)).toBe(0);
    expect(new KeyStore(d).authenticate(key ?? "")).toBeNull();
    expect(runKeysCli(["create"], env)).toBe(1);
    expect(runKeysCli(["bogus"], env)).toBe(1);
  });
});
