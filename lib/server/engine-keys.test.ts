import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { KeyStore } from "@/lib/engine";
import { embeddedEngineKeys, engineKeyViews, revokeEngineKey } from "./engine-keys";

const dirs: string[] = [];
const stores: KeyStore[] = [];
const store = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "engine-keys-"));
  dirs.push(dir);
  const keys = new KeyStore(dir);
  stores.push(keys);
  return keys;
};

afterAll(() => {
  for (const keys of stores) keys.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the studio's view of the embedded engine's keys", () => {
  it("a studio on a remote service has no keys to show: 404 naming the path", () => {
    expect(() => embeddedEngineKeys(null)).toThrow(
      expect.objectContaining({ status: 404, error: expect.objectContaining({ parameter: "path" }) }),
    );
  });

  it("lists descriptions and prefixes, never a key or its hash", () => {
    const keys = store();
    const { key } = keys.create({ description: "CI" });
    const views = engineKeyViews(keys);
    expect(views).toEqual([expect.objectContaining({ description: "CI", revokedAt: null })]);
    expect(JSON.stringify(views)).not.toContain(key);
    expect(Object.keys(views[0] ?? {})).not.toContain("hash");
  });

  it("revokes a key by its whole id only; a prefix, an unknown or a revoked key is a 404", () => {
    const keys = store();
    const { listing } = keys.create({ description: "laptop" });
    expect(() => revokeEngineKey(keys, listing.id.slice(0, 8))).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(keys.list()[0]?.revokedAt).toBeNull();
    revokeEngineKey(keys, listing.id);
    expect(keys.list()[0]?.revokedAt).not.toBeNull();
    expect(() => revokeEngineKey(keys, listing.id)).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => revokeEngineKey(keys, crypto.randomUUID())).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });
});
